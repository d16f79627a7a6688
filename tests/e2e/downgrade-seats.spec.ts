// A plan downgraded under a team (issue 66, ADR 306), over plain HTTP as the forms send it with
// JavaScript off: after the Imobiliária plan becomes the one-seat Corretor plan, approval is still
// required until the owner turns it off; the members sign in and read, and every form of theirs
// is refused with why (403); the owner's team page says the team is larger than the plan and
// bounds the choice by its seats; with room again, the members work again. (Who keeps access
// when the seats are fewer than the team but more than one, and the owner's choice swapping
// them, is tests/integration/downgrade-seats.test.tsx: the catalog's only team plan has 5 seats.)
import { ADMIN_USER, expect, test } from './fixtures'
import { baseURL } from '../../playwright.config'
import { buyPlan, joinTeam } from './support/team'
import { createHome, homeForm, newSignedInAgent, signIn, type HttpAgent } from '../support/http-agent'

test.describe.configure({ mode: 'serial' })

const secret = () => process.env.E2E_AUTH_JWT_SECRET!
const READ_ONLY = 'Sua conta está somente para leitura'
let owner: HttpAgent
let gestor: HttpAgent
let corretor: HttpAgent
let home: number

const teamPage = async (agent: HttpAgent) => (await agent.fetch('/minha-conta/equipe')).text()

test.beforeAll(async () => {
  ;[owner, gestor, corretor] = [
    await newSignedInAgent(baseURL, secret(), 'dona'),
    await newSignedInAgent(baseURL, secret(), 'gestor'),
    await newSignedInAgent(baseURL, secret(), 'corretor'),
  ]
  const admin = await signIn(baseURL, ADMIN_USER)
  await buyPlan(owner)
  await joinTeam(owner, admin, gestor, 'gestor')
  await joinTeam(owner, admin, corretor, 'corretor')
  home = await createHome(corretor, 'Casa do corretor')
})

test('after a downgrade the members only read, approval stays on, and the owner is told to choose', async () => {
  expect(await teamPage(gestor)).toContain('Os posts precisam de aprovação antes de agendar.')
  await buyPlan(owner, 'corretor_mensal')

  // Approval is still required: the owner never turned it off.
  expect(await teamPage(gestor)).toContain('Os posts precisam de aprovação antes de agendar.')

  // The corretor signs in and sees the property, with why nothing can be changed.
  const page = await corretor.fetch(`/imoveis/${home}`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Casa do corretor')
  expect(html).toContain(READ_ONLY)

  // But neither edits it nor creates another: 403, saying why.
  const edit = await corretor.fetch(`/imoveis/${home}`, { method: 'POST', body: homeForm('Trocado') })
  expect(edit.status).toBe(403)
  expect(await edit.text()).toContain(READ_ONLY)
  const create = await corretor.fetch('/imoveis/novo', { method: 'POST', body: homeForm('Outra casa') })
  expect(create.status).toBe(403)
  expect(await create.text()).toContain(READ_ONLY)
  expect(await (await corretor.fetch(`/imoveis/${home}`)).text()).toContain('Casa do corretor')

  // The owner's team page: the banner, and a choice bounded by the one seat (the owner's).
  const ownerPage = await teamPage(owner)
  expect(ownerPage).toContain('Seu plano permite 1 usuário e a equipe tem 3. Escolha quem continua com acesso.')
  const member = /name="keep"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="keep"/.exec(ownerPage)
  expect(member).not.toBeNull()
  const refused = await owner.fetch('/minha-conta/equipe', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'seats', keep: member![1] ?? member![2]! }),
  })
  expect(refused.status).toBe(400)
  expect(await refused.text()).toContain('Seu plano permite 1 usuário: só você continua com acesso.')

  // Only the owner turns approval off.
  const off = await owner.fetch('/minha-conta/equipe', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'approval' }),
  })
  expect(off.status).toBe(302)
  expect(await teamPage(gestor)).toContain('Os posts podem ser agendados sem aprovação.')
})

test('with room again the members work again', async () => {
  await buyPlan(owner)
  const edit = await corretor.fetch(`/imoveis/${home}`, { method: 'POST', body: homeForm('Casa renovada') })
  expect(edit.status).toBe(302)
  expect(await (await corretor.fetch(`/imoveis/${home}`)).text()).not.toContain(READ_ONLY)
})
