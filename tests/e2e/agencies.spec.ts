// Agencies (ADR 218): an Imobiliária owner invites a corretor and a gestor through the mailbox
// links, within the plan's five seats; the corretor's post cannot be scheduled before approval; the
// gestor asks for a change with a comment; a client link (the gestor's: the corretor may not make
// one) made before the edit no longer decides; the client approves through a new link with
// JavaScript off, which is the client's answer, not the agency's approval; the gestor approves;
// then the post is scheduled. A member
// removed by the owner gets 404 on the agency's pages at the next request.
import type { Browser, Page } from '@playwright/test'
import { ADMIN_USER, createUser, expect, readMailbox, signInWithForm, subscribe, test, type TestUser } from './fixtures'
import { newSignedInAgent, signIn } from '../support/http-agent'
import { ownerFixtures } from './support/owner-fixtures'
import { buyPlan, joinTeam } from './support/team'
import { dayFromToday } from './support/sao-paulo'

async function memberPage(browser: Browser, user: TestUser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    locale: 'pt-BR',
    javaScriptEnabled,
  })
  await signInWithForm(context.request, user)
  return context.newPage()
}

async function invite(page: Page, email: string, role: 'Corretor' | 'Gestor', sent = true) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Papel').selectOption(role === 'Corretor' ? 'corretor' : 'gestor')
  await page.getByRole('button', { name: 'Enviar convite', exact: true }).click()
  if (sent) await expect(page.getByText(`Enviamos o link para ${email}.`, { exact: false })).toBeVisible()
}

async function join(owner: Page, member: Page, email: string) {
  const link = await readMailbox(owner, email, (mailbox) =>
    mailbox.getByRole('link', { name: 'Aceitar o convite' }).first().getAttribute('href'),
  )
  await member.goto(link!)
  await expect(member.getByText(/convidou .* para a equipe/)).toBeVisible()
  await member.getByRole('button', { name: 'Entrar na equipe' }).click()
  await expect(member.getByText('Você entrou na equipe')).toBeVisible()
}

/** A post from a template that needs no property (offline copywriter): its id. */
async function createPost(page: Page): Promise<number> {
  await page.goto('/modelos')
  await page
    .getByRole('region', { name: 'Datas comemorativas' })
    .getByRole('link', { name: /^Datas comemorativas/ })
    .click()
  await page.getByRole('combobox', { name: /^Data/ }).selectOption('natal')
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/, { timeout: 30_000 })
  return Number(new URL(page.url()).searchParams.get('post'))
}

async function clientLink(page: Page, postId: number): Promise<string> {
  await page.goto(`/aprovacoes/${postId}`)
  await page.getByRole('button', { name: 'Enviar para aprovação do cliente' }).click()
  const link = await page.getByLabel(/^Link para o cliente/).inputValue()
  expect(link).toMatch(/\/aprovar\/[\w-]{43}$/)
  await expect(page.getByRole('link', { name: 'Compartilhar no WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=/,
  )
  return link
}

test('an agency invites its team, approves a corretor’s post with the client, then schedules it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const owner = await createUser(page.request)
  await signInWithForm(page.request, owner)
  await subscribe(page.request, 'imobiliaria_mensal')
  const [corretor, gestor] = [await createUser(page.request), await createUser(page.request)]

  // Five seats: the owner, two members and two invites that wait; the sixth is refused.
  await page.goto('/minha-conta/equipe')
  await expect(page.getByText('1 de 5 usuários do plano')).toBeVisible()
  await invite(page, corretor.email, 'Corretor')
  await invite(page, gestor.email, 'Gestor')
  const stamp = Date.now().toString(36)
  for (const n of [1, 2]) await invite(page, `espera-${n}-${stamp}@example.com`, 'Corretor')
  await expect(page.getByText('5 de 5 usuários do plano')).toBeVisible()
  await invite(page, `sexto-${stamp}@example.com`, 'Corretor', false)
  await expect(page.getByText('O plano Imobiliária permite até 5 usuários.', { exact: false })).toBeVisible()
  await expect(page.getByLabel('E-mail')).toHaveValue(`sexto-${stamp}@example.com`)

  const agent = await memberPage(browser, corretor)
  const reviewer = await memberPage(browser, gestor)
  await join(page, agent, corretor.email)
  await join(page, reviewer, gestor.email)

  // The team's header shows the agency's plan, as "Meu plano" does; nobody but the owner is offered one.
  await agent.goto('/imoveis')
  await expect(agent.getByRole('link', { name: 'Plano Imobiliária' })).toBeVisible()
  await expect(agent.getByRole('link', { name: 'Assinar', exact: true })).toHaveCount(0)

  // The corretor's post waits for approval: the form is not offered, a forced POST is refused.
  const postId = await createPost(agent)
  await agent.goto(`/agendar-posts/agendamento?post=${postId}`)
  await expect(agent.getByText('Este post precisa ser aprovado antes de ser agendado.')).toBeVisible()
  const forced = await agent.request.post('/agendar-posts/agendamento', {
    form: { post_id: String(postId), account_ids: '1', date: '2030-01-10', time: '18:30', caption: 'Oi' },
    maxRedirects: 0,
  })
  expect(forced.status()).toBe(403)
  await agent.goto(`/aprovacoes/${postId}`)
  await agent.getByRole('button', { name: 'Enviar para aprovação', exact: true }).click()
  await expect(agent.getByText('Em aprovação', { exact: true })).toBeVisible()

  // The gestor finds it waiting and asks for a change: the comment is required.
  await reviewer.goto('/aprovacoes')
  // Named by its template, never by the template's slug.
  await expect(reviewer.locator(`a[href="/aprovacoes/${postId}"]`).first()).toHaveText('Datas comemorativas')
  await reviewer.locator(`a[href="/aprovacoes/${postId}"]`).first().click()
  await reviewer.getByRole('button', { name: 'Pedir ajuste' }).click()
  await expect(reviewer.getByText('Escreva o que precisa mudar.')).toBeVisible()
  await reviewer.getByLabel('O que precisa mudar').fill('Troque a chamada para falar do Natal em família.')
  await reviewer.getByRole('button', { name: 'Pedir ajuste' }).click()
  await expect(reviewer.getByText('Ajustes pedidos', { exact: true })).toBeVisible()
  await readMailbox(page, corretor.email, (mailbox) =>
    expect(mailbox.getByRole('article', { name: `Pediram ajustes no seu post para ${corretor.email}` })).toContainText(
      'Troque a chamada para falar do Natal em família.',
    ),
  )

  // Client links are made by those who approve: the corretor gets no button, a forced POST is refused.
  await agent.goto(`/aprovacoes/${postId}`)
  await expect(agent.getByRole('button', { name: 'Enviar para aprovação do cliente' })).toHaveCount(0)
  const forcedLink = await agent.request.post(`/aprovacoes/${postId}`, {
    form: { intent: 'client-link' },
    maxRedirects: 0,
  })
  expect(forcedLink.status()).toBe(403)

  // A link sent before the edit decides nothing after it.
  const oldLink = await clientLink(reviewer, postId)
  await agent.getByRole('link', { name: 'Editar post' }).click()
  const editor = agent.locator('details#editar')
  if (!(await editor.evaluate((details) => (details as HTMLDetailsElement).open)))
    await agent.getByText('Editar slides e legenda').click()
  await agent.getByLabel('Legenda').fill('Natal em família no seu novo lar. Fale comigo!')
  await agent.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(agent.getByText('Post salvo')).toBeVisible()

  const client = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' })
  const clientPage = await client.newPage()
  await clientPage.goto(oldLink)
  await expect(clientPage.getByText('O post mudou depois que este link foi enviado.', { exact: false })).toBeVisible()
  await expect(clientPage.getByRole('button', { name: 'Aprovar' })).toHaveCount(0)

  // The client approves the edited post without JavaScript; the answer cannot be given twice.
  const link = await clientLink(reviewer, postId)
  await clientPage.goto(link)
  await expect(clientPage.getByText('Natal em família no seu novo lar.', { exact: false })).toBeVisible()
  await expect(clientPage.getByRole('img', { name: 'Imagem do post' }).first()).toBeVisible()
  await expect(clientPage.getByText(owner.email)).toHaveCount(0)
  await clientPage.getByRole('button', { name: 'Aprovar' }).click()
  await expect(clientPage.getByText('Obrigado! O post foi aprovado.')).toBeVisible()
  await clientPage.goto(link)
  await expect(clientPage.getByText('Você já respondeu por este link. Obrigado!')).toBeVisible()
  await client.close()

  // The client's approval is the client's: the post still waits for the agency, and the
  // corretor's forced scheduling is refused.
  await agent.goto(`/aprovacoes/${postId}`)
  await expect(agent.getByText('Ajustes pedidos', { exact: true })).toBeVisible()
  const forcedAgain = await agent.request.post('/agendar-posts/agendamento', {
    form: { post_id: String(postId), account_ids: '1', date: dayFromToday(3), time: '18:30', caption: 'Oi' },
    maxRedirects: 0,
  })
  expect(forcedAgain.status()).toBe(403)
  await agent.getByRole('button', { name: 'Enviar para aprovação', exact: true }).click()
  await expect(agent.getByText('Em aprovação', { exact: true })).toBeVisible()
  await reviewer.goto(`/aprovacoes/${postId}`)
  await reviewer.getByRole('button', { name: 'Aprovar', exact: true }).click()
  await expect(reviewer.getByText('Post aprovado')).toBeVisible()

  // Approved: the corretor schedules it; the history tells every step.
  await agent.goto(`/aprovacoes/${postId}`)
  await expect(agent.getByText('Aprovado', { exact: true })).toBeVisible()
  await agent.getByRole('link', { name: 'Agendar', exact: true }).click()
  await agent.getByLabel('Data').fill(dayFromToday(3))
  await agent.getByLabel('Horário (Brasília)').fill('18:30')
  await agent.getByRole('button', { name: 'Agendar' }).click()
  await expect(agent.getByText('Publicação agendada')).toBeVisible()
  await agent.goto(`/aprovacoes/${postId}`)
  const history = agent.getByRole('region', { name: 'Histórico' })
  await expect(history).toContainText('enviou para aprovação')
  await expect(history).toContainText('pediu ajustes')
  await expect(history).toContainText('Cliente aprovou pelo link de aprovação')
  await expect(history).toContainText('agendou a publicação')

  // The owner removes the corretor: at the very next request, the agency's pages are 404.
  await page.goto('/minha-conta/equipe')
  await page
    .getByRole('button', { name: new RegExp(`^Remover `) })
    .first()
    .click()
  await expect(page.getByText('Membro removido')).toBeVisible()
  const after = await agent.goto(`/aprovacoes/${postId}`)
  expect(after?.status()).toBe(404)
})

test('a gestor of another agency gets 404 on every id of this one: property, post, kit, approval, video', async () => {
  const base = `http://127.0.0.1:${process.env.E2E_PORT}`
  const secret = process.env.E2E_AUTH_JWT_SECRET!
  const admin = await signIn(base, ADMIN_USER)
  const [ownerA, ownerB, gestorB] = [
    await newSignedInAgent(base, secret, 'dona-a'),
    await newSignedInAgent(base, secret, 'dono-b'),
    await newSignedInAgent(base, secret, 'gestor-b'),
  ]
  await buyPlan(ownerB)
  await joinTeam(ownerB, admin, gestorB, 'gestor')
  const { homeId, postId, templateId } = await ownerFixtures(ownerA)
  const kit = await ownerA.fetch('/media-kits', {
    method: 'POST',
    body: new URLSearchParams({ home_id: String(homeId) }),
  })
  const kitPath = new URL(kit.headers.get('location')!, base).pathname
  expect(kitPath).toMatch(/^\/media-kits\/\d+$/)

  // Their owner opens each of them; the other agency's gestor finds none, and changes none.
  const pages = [
    `/imoveis/${homeId}`,
    `/aprovacoes/${postId}`,
    `/modelos/${templateId}?post=${postId}`,
    kitPath,
    `/imoveis/${homeId}/video`,
  ]
  for (const path of pages) expect((await ownerA.fetch(path)).status, path).toBe(200)
  for (const path of pages) expect((await gestorB.fetch(path)).status, path).toBe(404)
  const approve = await gestorB.fetch(`/aprovacoes/${postId}`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'approve' }),
  })
  expect(approve.status).toBe(404)
  const review = await (await ownerA.fetch(`/aprovacoes/${postId}`)).text()
  expect(review).toContain('Rascunho')
})
