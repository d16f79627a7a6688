// Roles in every action (ADRs 236 and 260), through the routes' own loaders and
// actions on a real database: a corretor cannot change or delete a media kit or a video another
// member made, cannot read the owner's CPF (the page's loader refuses, not only its form), and
// reads and changes only the leads of the properties they answer for, on /leads and in its CSV.
// The owner and the gestor reach everything.
import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fiscalData, homes, leads, mediaKits, videos } from '../../db/schema'
import { dbContext, storageContext, userContext, type SessionUser } from '../../app/context'
import type { AccountRole } from '../../app/domain/team'
import type { Storage } from '../../app/integrations/storage/storage.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import * as kitRoute from '../../app/routes/media-kits/kit'
import * as fiscalRoute from '../../app/routes/billing/fiscal-data'
import * as leadsRoute from '../../app/routes/leads/index'
import * as leadsCsvRoute from '../../app/routes/leads/export'
import * as videoRoute from '../../app/routes/videos/view'
import { agentsOnDisk } from '../support/agents-on-disk'
import { jardinsApartment } from '../support/sample-home'

const owner = crypto.randomUUID()
const gestor = crypto.randomUUID()
const corretor = crypto.randomUUID()
let handle: DatabaseHandle
let storage: Storage
let close: () => Promise<void>
let ownerHome: number
let corretorHome: number

const person = (id: string, accountRole: AccountRole): SessionUser => ({
  id,
  email: `${accountRole}@example.com`,
  full_name: accountRole,
  role: 'user',
  accountId: owner,
  accountRole,
})
const as = {
  owner: person(owner, 'owner'),
  gestor: person(gestor, 'gestor'),
  corretor: person(corretor, 'corretor'),
}

function contextOf(user: SessionUser) {
  const context = new RouterContextProvider()
  context.set(userContext, user)
  context.set(dbContext, handle.db)
  context.set(storageContext, storage)
  return context
}

/** What a loader or action answered or threw: its status. */
async function statusOf(run: () => unknown): Promise<number> {
  try {
    const result = await run()
    if (result instanceof Response) return result.status
    return (result as { init?: ResponseInit } | null)?.init?.status ?? 200
  } catch (error) {
    if (error instanceof Response) return error.status
    return (error as { init?: ResponseInit })?.init?.status ?? -1
  }
}

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) })
const get = (path: string) => new Request(`http://localhost${path}`)

beforeAll(async () => {
  ;({ handle, storage, close } = await agentsOnDisk('member-roles', [owner, gestor, corretor]))
  const rows = await handle.db
    .insert(homes)
    .values([
      jardinsApartment(owner, { name: 'Casa do dono', responsible_id: owner }),
      jardinsApartment(owner, { name: 'Casa do corretor', responsible_id: corretor }),
    ])
    .returning({ id: homes.id })
  ;[ownerHome, corretorHome] = rows.map((row) => row.id) as [number, number]
})
afterAll(() => close())

async function kitOf(createdBy: string) {
  const [kit] = await handle.db
    .insert(mediaKits)
    .values({ public_id: crypto.randomUUID(), user_id: owner, created_by: createdBy, home_id: ownerHome })
    .returning()
  return kit!
}
const kitExists = async (id: number) =>
  (await handle.db.select().from(mediaKits).where(eq(mediaKits.id, id))).length === 1

test("a corretor cannot delete a gestor's media kit, nor change it; the gestor's own kit is theirs to delete", async () => {
  const kit = await kitOf(gestor)
  const path = `/media-kits/${kit.id}`
  const act = (user: SessionUser, fields: Record<string, string>) =>
    statusOf(() =>
      kitRoute.action({
        request: post(path, fields),
        params: { id: String(kit.id) },
        context: contextOf(user),
      } as never),
    )
  expect(await act(as.corretor, { _intent: 'excluir' })).toBe(403)
  expect(await act(as.corretor, { _intent: 'telefone' })).toBe(403)
  expect(await act(as.corretor, { _intent: 'editar', piece: 'feed', title: 'Trocado' })).toBe(403)
  expect(await kitExists(kit.id)).toBe(true)
  expect((await handle.db.select().from(mediaKits).where(eq(mediaKits.id, kit.id)))[0]!.show_phone).toBe(true)
  expect(await act(as.gestor, { _intent: 'excluir' })).toBe(302)
  expect(await kitExists(kit.id)).toBe(false)
})

test("a corretor deletes their own kit; the owner deletes anyone's", async () => {
  const own = await kitOf(corretor)
  const ofGestor = await kitOf(gestor)
  const act = (user: SessionUser, id: number) =>
    statusOf(() =>
      kitRoute.action({
        request: post(`/media-kits/${id}`, { _intent: 'excluir' }),
        params: { id: String(id) },
        context: contextOf(user),
      } as never),
    )
  expect(await act(as.corretor, own.id)).toBe(302)
  expect(await act(as.owner, ofGestor.id)).toBe(302)
  expect(await kitExists(own.id)).toBe(false)
  expect(await kitExists(ofGestor.id)).toBe(false)
})

test("the owner's CPF: the corretor's and the gestor's page loader refuses (403), the owner reads it", async () => {
  await handle.db.insert(fiscalData).values({
    user_id: owner,
    document_type: 'cpf',
    document: '52998224725',
    name: 'Dona da Imobiliária',
    zipcode: '01310100',
    street: 'Av. Paulista',
    street_number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    invoice_email: 'nota@example.com',
  })
  for (const path of ['/minha-conta/dados-fiscais', '/dados-fiscais']) {
    const load = (user: SessionUser) =>
      fiscalRoute.loader({ request: get(path), params: {}, context: contextOf(user) } as never)
    expect(await statusOf(() => load(as.corretor)), path).toBe(403)
    expect(await statusOf(() => load(as.gestor)), path).toBe(403)
    expect(JSON.stringify(await load(as.owner))).toContain('529.982.247-25')
    // Nor the form: a member's post is refused before it is read, the owner's data untouched.
    const form = { document: '11144477735', name: 'Outro', invoice_email: 'x@example.com', zipcode: '01310100' }
    const save = fiscalRoute.action({ request: post(path, form), params: {}, context: contextOf(as.corretor) } as never)
    expect(await statusOf(() => save), path).toBe(403)
  }
  const [row] = await handle.db.select().from(fiscalData).where(eq(fiscalData.user_id, owner))
  expect(row!.document).toBe('52998224725')
})

test('leads: a corretor sees and changes those of the properties they answer for; owner and gestor all; the CSV follows', async () => {
  const [mine, theirs] = await handle.db
    .insert(leads)
    .values([
      {
        user_id: owner,
        agent_id: corretor,
        home_id: corretorHome,
        name: 'Lia Cliente',
        phone: '11988887777',
        consent_at: new Date(),
      },
      {
        user_id: owner,
        agent_id: owner,
        home_id: ownerHome,
        name: 'Rui Comprador',
        phone: '11977776666',
        consent_at: new Date(),
      },
    ])
    .returning()
  const names = async (user: SessionUser) =>
    (
      (await leadsRoute.loader({ request: get('/leads'), params: {}, context: contextOf(user) } as never)) as {
        leads: { name: string }[]
      }
    ).leads.map((lead) => lead.name)
  expect(await names(as.corretor)).toEqual(['Lia Cliente'])
  expect((await names(as.gestor)).sort()).toEqual(['Lia Cliente', 'Rui Comprador'])
  expect((await names(as.owner)).sort()).toEqual(['Lia Cliente', 'Rui Comprador'])

  const csv = async (user: SessionUser) =>
    (
      (await leadsCsvRoute.loader({
        request: get('/leads/exportar.csv'),
        params: {},
        context: contextOf(user),
      } as never)) as Response
    ).text()
  expect(await csv(as.corretor)).toContain('Lia Cliente')
  expect(await csv(as.corretor)).not.toContain('Rui Comprador')
  expect(await csv(as.gestor)).toContain('Rui Comprador')

  const change = (user: SessionUser, id: number) =>
    statusOf(() =>
      leadsRoute.action({
        request: post('/leads', { id: String(id), status: 'em_contato', note: 'Liguei' }),
        params: {},
        context: contextOf(user),
      } as never),
    )
  expect(await change(as.corretor, theirs!.id)).toBe(403)
  expect((await handle.db.select().from(leads).where(eq(leads.id, theirs!.id)))[0]).toMatchObject({
    status: 'novo',
    note: '',
  })
  expect(await change(as.corretor, mine!.id)).toBe(302)
  expect(await change(as.gestor, theirs!.id)).toBe(302)
  expect(await change(as.corretor, 2_000_000_000)).toBe(404)
})

test("a corretor cannot delete or retry a gestor's video; the gestor deletes it, files and all", async () => {
  await storage.put('videos/teste.mp4', new Uint8Array([1, 2, 3]), 'video/mp4')
  const [video] = await handle.db
    .insert(videos)
    .values({
      user_id: owner,
      created_by: gestor,
      home_id: ownerHome,
      status: 'failed',
      options: { duration: 15, narration: false, photos: [] },
      storage_key: 'videos/teste.mp4',
    })
    .returning()
  const act = (user: SessionUser, intent: string) =>
    statusOf(() =>
      videoRoute.action({
        request: post(`/videos/${video!.id}`, { _intent: intent }),
        params: { id: String(video!.id) },
        context: contextOf(user),
      } as never),
    )
  expect(await act(as.corretor, 'excluir')).toBe(403)
  expect(await act(as.corretor, 'tentar')).toBe(403)
  const [kept] = await handle.db.select().from(videos).where(eq(videos.id, video!.id))
  expect(kept).toMatchObject({ status: 'failed' })
  expect(await storage.get('videos/teste.mp4')).not.toBeNull()
  expect(await act(as.gestor, 'excluir')).toBe(302)
  expect(await handle.db.select().from(videos).where(eq(videos.id, video!.id))).toEqual([])
  expect(await storage.get('videos/teste.mp4')).toBeNull()
})

test("a gestor's ready video: the page offers the corretor no schedule form, the owner and its author one", async () => {
  const [video] = await handle.db
    .insert(videos)
    .values({
      user_id: owner,
      created_by: gestor,
      home_id: ownerHome,
      status: 'ready',
      options: { duration: 15, narration: false, photos: [] },
      storage_key: 'videos/pronto.mp4',
      duration_ms: 15_000,
      byte_size: 1_000_000,
    })
    .returning()
  const page = (user: SessionUser) =>
    videoRoute.loader({
      request: new Request(`http://localhost/videos/${video!.id}`),
      params: { id: String(video!.id) },
      context: contextOf(user),
    } as never)
  expect(await page(as.corretor)).toMatchObject({ maySchedule: false, mayDelete: false })
  expect(await page(as.gestor)).toMatchObject({ maySchedule: true })
  expect(await page(as.owner)).toMatchObject({ maySchedule: true })
})
