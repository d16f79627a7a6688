// A plan downgraded or lapsed under a team (issue 66, ADR 306), through the routes' own
// middleware, loaders and actions on a real database: approval stays on until the owner turns it
// off; the members beyond the seats sign in and read but every form is refused (403, with why);
// the team page shows the owner the choice, and the owner's choice swaps who keeps access.
import { eq } from 'drizzle-orm'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
  useLoaderData,
  type LoaderFunctionArgs,
} from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { accountMembers, homes, mediaKits, users } from '../../db/schema'
import { dbContext, storageContext, userContext, type SessionUser } from '../../app/context'
import { READ_ONLY_MESSAGE } from '../../app/domain/team'
import type { Storage } from '../../app/integrations/storage/storage.server'
import { ensureProfile } from '../../app/models/auth-profiles.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { approvalRequired } from '../../app/workflows/approvals.server'
import * as appLayout from '../../app/routes/_app'
import * as teamRoute from '../../app/routes/account/team'
import Team from '../../app/routes/account/team'
import * as homeRoute from '../../app/routes/homes/edit'
import * as kitRoute from '../../app/routes/media-kits/kit'
import { agentsOnDisk } from '../support/agents-on-disk'
import { jardinsApartment } from '../support/sample-home'

const day = 86_400_000
const owner = crypto.randomUUID()
// Joined in this order: ana first.
const team = ['ana', 'bruno', 'carla', 'dani', 'edu', 'fabi'].map((name) => ({ name, id: crypto.randomUUID() }))
const [ana, bruno, carla] = team as [(typeof team)[0], (typeof team)[0], (typeof team)[0]]
let handle: DatabaseHandle
let storage: Storage
let close: () => Promise<void>
let anaHome: number

const emailOf = (id: string) => `downgrade-seats-${id}@example.com`
const profileOf = (id: string) => ensureProfile(handle.db, { id, email: emailOf(id) })

let clock = Date.now()
const subscribe = (lookupKey: string, status = 'active') =>
  applySubscriptionState(handle.db, {
    userId: owner,
    provider: 'demo',
    customerId: `demo_cus_${owner}`,
    subscriptionId: `demo_sub_${owner}`,
    status,
    lookupKey,
    currentPeriodEnd: new Date(Date.now() + 30 * day),
    cancelAtPeriodEnd: false,
    stateAt: new Date((clock += 1000)),
  })

function contextOf(user: SessionUser) {
  const context = new RouterContextProvider()
  context.set(userContext, user)
  context.set(dbContext, handle.db)
  context.set(storageContext, storage)
  return context
}

/** What a middleware, loader or action answered or threw: its status and its body. */
async function answerOf(run: () => unknown): Promise<{ status: number; body: unknown }> {
  try {
    const result = await run()
    if (result instanceof Response) return { status: result.status, body: null }
    const init = (result as { init?: ResponseInit } | null)?.init
    return { status: init?.status ?? 200, body: (result as { data?: unknown } | null)?.data ?? result }
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.text() }
    const thrown = error as { init?: ResponseInit; data?: unknown }
    return { status: thrown?.init?.status ?? -1, body: thrown?.data }
  }
}

const post = (path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
  return new Request(`http://localhost${path}`, { method: 'POST', body })
}

/** A form sent to a page of the signed-in layout: its middleware first, then the route's action. */
async function send(
  user: SessionUser,
  path: string,
  fields: Record<string, string | string[]>,
  action: (args: never) => unknown,
) {
  const context = contextOf(user)
  return answerOf(async () => {
    for (const middleware of appLayout.middleware)
      await middleware({ request: post(path, fields), context, params: {} } as never, async () => undefined as never)
    return action({ request: post(path, fields), context, params: { id: path.split('/').at(-1) } } as never)
  })
}

const teamPage = async (user: SessionUser) =>
  teamRoute.loader({ request: new Request('http://localhost/minha-conta/equipe'), context: contextOf(user) } as never)

const Page = Team as unknown as (props: { loaderData: unknown }) => React.ReactElement

/** The team page as the signed-in person gets it with JavaScript off: its HTML. */
async function teamHtml(user: SessionUser) {
  const context = contextOf(user)
  const routes = [
    {
      id: 'equipe',
      path: '/minha-conta/equipe',
      loader: ({ request, params }: LoaderFunctionArgs) => teamRoute.loader({ request, params, context } as never),
      // What the framework hands a route module's page: its loader's data.
      Component: () => <Page loaderData={useLoaderData()} />,
    },
  ]
  const handler = createStaticHandler(routes)
  const state = await handler.query(new Request('http://localhost/minha-conta/equipe'), { requestContext: context })
  if (state instanceof Response) throw new Error(`the team page answered ${state.status}`)
  return renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, state)} context={state} />,
  )
}

beforeAll(async () => {
  ;({ handle, storage, close } = await agentsOnDisk('downgrade-seats', [owner, ...team.map((m) => m.id)]))
  await handle.db.update(users).set({ full_name: 'Dona' }).where(eq(users.id, owner))
  await subscribe('imobiliaria_mensal')
  // The first four join the five-seat plan as they would, one after the other.
  await handle.db.insert(accountMembers).values(
    team.slice(0, 4).map((member, n) => ({
      user_id: member.id,
      account_id: owner,
      role: n === 0 ? ('gestor' as const) : ('corretor' as const),
      created_at: new Date(Date.now() - (10 - n) * day),
    })),
  )
  const [home] = await handle.db
    .insert(homes)
    .values(jardinsApartment(owner, { name: 'Casa da Ana', responsible_id: ana.id }))
    .returning({ id: homes.id })
  anaHome = home!.id
})
afterAll(() => close())

test('after a downgrade approval stays required until the owner turns it off; the members beyond the seats only read', async () => {
  // The team plan's default: approval on, with no choice of the owner's.
  expect(await approvalRequired(handle.db, owner)).toBe(true)
  expect((await profileOf(ana.id)).accountRole).toBe('gestor')

  expect(await subscribe('corretor_mensal')).toBe('applied')
  expect(await approvalRequired(handle.db, owner)).toBe(true)

  const anaNow = await profileOf(ana.id)
  expect(anaNow).toMatchObject({ accountId: owner, accountRole: 'leitura' })
  for (const member of [bruno, carla]) expect((await profileOf(member.id)).accountRole).toBe('leitura')
  expect((await profileOf(owner)).accountRole).toBe('owner')

  // Ana signs in and sees: the team page loads, and says who only reads.
  const page = await teamPage(anaNow)
  expect(page.people.find((p: { id: string }) => p.id === ana.id)).toMatchObject({ readOnly: true })
  expect(page.overSeats).toBe('Seu plano permite 1 usuário e a equipe tem 5. Escolha quem continua com acesso.')
  expect(page.manage).toBe(false)

  // But she neither edits her property nor creates one: 403, saying why.
  const edit = await send(anaNow, `/imoveis/${anaHome}`, { intent: 'save', name: 'Trocado' }, homeRoute.action)
  expect(edit).toEqual({ status: 403, body: READ_ONLY_MESSAGE })
  const create = await send(anaNow, '/imoveis/novo', { name: 'Nova casa' }, () => ({ data: 'criado' }))
  expect(create).toEqual({ status: 403, body: READ_ONLY_MESSAGE })
  expect((await handle.db.select().from(homes).where(eq(homes.id, anaHome)))[0]!.name).toBe('Casa da Ana')
  // Her own pages stay hers: her profile's form passes the layout.
  expect((await send(anaNow, '/minha-conta/perfil', {}, () => ({ data: 'ok' }))).status).toBe(200)

  // One seat: the owner keeps it alone, and a choice of anyone else is refused.
  const ownerNow = await profileOf(owner)
  const refused = await send(ownerNow, '/minha-conta/equipe', { intent: 'seats', keep: [ana.id] }, teamRoute.action)
  expect(refused).toEqual({
    status: 400,
    body: { intent: 'seats', error: 'Seu plano permite 1 usuário: só você continua com acesso.' },
  })

  // Approval is the owner's to turn off.
  expect((await send(ownerNow, '/minha-conta/equipe', { intent: 'approval' }, teamRoute.action)).status).toBe(302)
  expect(await approvalRequired(handle.db, owner)).toBe(false)
})

test("a team larger than its plan: the earliest joined keep access until the owner's choice swaps them", async () => {
  // Back on the five-seat plan with six members (the catalog's only team plan has five seats,
  // so the larger team is set up directly): the owner and four members work, two only read.
  await subscribe('imobiliaria_mensal')
  await handle.db.insert(accountMembers).values(
    team.slice(4).map((member, n) => ({
      user_id: member.id,
      account_id: owner,
      role: 'corretor' as const,
      created_at: new Date(Date.now() - (2 - n) * day),
    })),
  )
  const roles = async () =>
    Object.fromEntries(await Promise.all(team.map(async (m) => [m.name, (await profileOf(m.id)).accountRole])))
  expect(await roles()).toEqual({
    ana: 'gestor',
    bruno: 'corretor',
    carla: 'corretor',
    dani: 'corretor',
    edu: 'leitura',
    fabi: 'leitura',
  })
  const ownerNow = await profileOf(owner)
  const page = await teamPage(ownerNow)
  expect(page.overSeats).toBe('Seu plano permite 5 usuários e a equipe tem 7. Escolha quem continua com acesso.')
  const readOnly = (p: { people: { id: string; readOnly?: boolean }[] }) =>
    p.people.filter((person) => person.readOnly).map((person) => team.find((m) => m.id === person.id)!.name)
  expect(readOnly(page)).toEqual(['edu', 'fabi'])
  // The owner's plain form: the banner, a box a member, checked for those who keep access.
  const html = await teamHtml(ownerNow)
  expect(html).toContain('Seu plano permite 5 usuários e a equipe tem 7. Escolha quem continua com acesso.')
  expect(html).toContain('<input type="hidden" name="intent" value="seats"/>')
  const boxes = html.match(/<input[^>]*name="keep"[^>]*>/g) ?? []
  expect(boxes).toHaveLength(6)
  expect(boxes.filter((box) => box.includes('checked=""'))).toHaveLength(4)
  expect(html).toContain('Salvar quem continua')

  // Edu, read-only, cannot change Ana's media kit... nor can he make it his.
  const [kit] = await handle.db
    .insert(mediaKits)
    .values({ public_id: crypto.randomUUID(), user_id: owner, created_by: team[4]!.id, home_id: anaHome })
    .returning()
  const eduBefore = await profileOf(team[4]!.id)
  expect(await send(eduBefore, `/media-kits/${kit!.id}`, { _intent: 'excluir' }, kitRoute.action)).toEqual({
    status: 403,
    body: READ_ONLY_MESSAGE,
  })

  // At most four besides the owner.
  const tooMany = await send(
    ownerNow,
    '/minha-conta/equipe',
    { intent: 'seats', keep: team.slice(0, 5).map((m) => m.id) },
    teamRoute.action,
  )
  expect(tooMany).toEqual({
    status: 400,
    body: { intent: 'seats', error: 'Seu plano permite 5 usuários: escolha no máximo 4 pessoas além de você.' },
  })

  // The owner keeps Edu and Fabi instead of Ana and Bruno.
  const keep = [carla.id, team[3]!.id, team[4]!.id, team[5]!.id]
  expect((await send(ownerNow, '/minha-conta/equipe', { intent: 'seats', keep }, teamRoute.action)).status).toBe(302)
  expect(await roles()).toEqual({
    ana: 'leitura',
    bruno: 'leitura',
    carla: 'corretor',
    dani: 'corretor',
    edu: 'corretor',
    fabi: 'corretor',
  })
  expect(readOnly(await teamPage(ownerNow))).toEqual(['ana', 'bruno'])
  const eduAfter = await profileOf(team[4]!.id)
  expect((await send(eduAfter, `/media-kits/${kit!.id}`, { _intent: 'excluir' }, kitRoute.action)).status).toBe(302)
  const anaAfter = await profileOf(ana.id)
  expect(await send(anaAfter, `/imoveis/${anaHome}`, { intent: 'save' }, homeRoute.action)).toEqual({
    status: 403,
    body: READ_ONLY_MESSAGE,
  })
})
