// The law's hold on a property's ads (issue 65), through the pages' own actions and the real
// publishing worker: without the owner's authorisation a piece of the property is not scheduled,
// with the reason named; a launch without its registration number neither; an authorisation that
// lapsed pauses what was scheduled (shown "Pausado: autorização vencida", not published) until a
// new one is added from the property's "Documentação" page, which puts it back on the queue.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homeAuthorizations, homes, posts, scheduledPublications, users } from '../../db/schema'
import {
  dbContext,
  jobsContext,
  postImagesContext,
  publishingContext,
  storageContext,
  userContext,
  type SessionUser,
} from '../../app/context'
import { parseEnv } from '../../app/env.server'
import { makeSlide } from '../../app/domain/slides'
import { listOutbox } from '../../app/integrations/meta/outbox.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { ensureOutboxAccount } from '../../app/models/social-accounts.server'
import { scheduleAction } from '../../app/routes/scheduling/schedule.server'
import { action as documentationAction } from '../../app/routes/homes/documentation'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'
import { createJobsOn, type Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { createPublishing } from '../../app/workflows/publishing-service.server'
import { runPublication, type PublishingDeps } from '../../app/workflows/publishing.server'
import { schedulingPageData } from '../../app/workflows/scheduling-actions.server'
import { sessionUser } from '../support/billing'
import { readUpload } from '../../app/workflows/uploads.server'
import { authorizeHome, jardinsApartment } from '../support/sample-home'
import { seedDemoSubscription } from '../../scripts/seed/billing'
import { addDays } from '../../app/domain/scheduling'
import { zonedDate } from '../../app/domain/dates'

const logger = createLogger('silent')
let dataDir = ''
let storage: Storage
let handle: DatabaseHandle
let jobs: Jobs
let deps: PublishingDeps
let context: RouterContextProvider

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-authorizations-'))
  const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  await handle.migrate()
  jobs = createJobsOn(handle, undefined, logger)
  storage = createDiskStorage(path.join(dataDir, 'uploads'))
  const postImages = createPostImages({ storage, logger })
  const publishing = await createPublishing({
    env,
    logger,
    database: handle,
    postImages,
    storage,
    siteUrl: 'http://127.0.0.1:9',
    jobs,
  })
  deps = publishing.deps
  context = new RouterContextProvider()
  context.set(publishingContext, publishing)
  context.set(dbContext, handle.db)
  context.set(postImagesContext, postImages)
  context.set(jobsContext, jobs)
  context.set(storageContext, storage)
}, 60_000)

afterAll(async () => {
  await jobs?.stop()
  await handle?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function agent(): Promise<SessionUser> {
  const id = randomUUID()
  await handle.db.insert(users).values({ id, email: `ana-${id}@example.com`, full_name: 'Ana' })
  await seedDemoSubscription(handle.db, id)
  return sessionUser(id, `ana-${id}@example.com`)
}

const today = () => zonedDate(new Date())

async function homeWithPost(user: SessionUser, extra: Partial<typeof homes.$inferInsert> = {}) {
  const [home] = await handle.db
    .insert(homes)
    .values(jardinsApartment(user.accountId, extra))
    .returning({ id: homes.id })
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: user.accountId,
      created_by: user.id,
      home_id: home!.id,
      template: 'carrossel',
      format: 'carousel',
      type: 'carousel',
      description: 'Apartamento à venda no Jardins',
      meta: { slides: [makeSlide('a', 'text', { title: 'Sala ampla' }), makeSlide('b', 'text', { title: 'Varanda' })] },
      generated_at: new Date(),
    })
    .returning({ id: posts.id })
  return { homeId: home!.id, postId: post!.id }
}

async function schedule(user: SessionUser, postId: number) {
  const outbox = await ensureOutboxAccount(handle.db, user.accountId)
  const body = new FormData()
  for (const [name, value] of [
    ['post_id', String(postId)],
    ['account_ids', String(outbox.id)],
    ['date', addDays(today(), 2)],
    ['time', '18:30'],
    ['caption', 'Apartamento à venda no Jardins'],
  ])
    body.append(name!, value!)
  return scheduleAction(
    context,
    new Request('http://localhost/agendar-posts/agendamento', { method: 'POST', body }),
    user,
  )
}

type Refusal = { init: ResponseInit | null; data: { errors: Record<string, string[]> } }

test('a property without an authorisation, or a launch without its R.I., cannot be scheduled, with the reason in pt-BR', async () => {
  const user = await agent()
  const plain = await homeWithPost(user)
  const refused = (await schedule(user, plain.postId)) as Refusal
  expect(refused.init?.status).toBe(400)
  expect(refused.data.errors.compliance).toEqual([
    'Falta a autorização do proprietário para anunciar este imóvel. Resolva em “Documentação” na página do imóvel.',
  ])

  const launch = await homeWithPost(user, { stage: 'launch' })
  await authorizeHome(handle.db, user.accountId, launch.homeId)
  const noRegistry = (await schedule(user, launch.postId)) as Refusal
  expect(noRegistry.init?.status).toBe(400)
  expect(noRegistry.data.errors.compliance).toEqual([
    'Lançamento sem o número do registro de incorporação (R.I.). Resolva em “Documentação” na página do imóvel.',
  ])
  expect(
    await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.user_id, user.accountId)),
  ).toEqual([])

  // The registration, sent on the property's page, lets the launch be scheduled.
  const registry = await documentation(user, launch.homeId, [
    ['intent', 'incorporacao'],
    ['incorporation_registry', 'R.4 da matrícula 98.765'],
    ['developer_name', 'Araucária Incorporadora'],
  ])
  expect(registry.status).toBe(302)
  expect(((await schedule(user, launch.postId)) as Response).status).toBe(302)
}, 90_000)

async function documentation(user: SessionUser, homeId: number, fields: [string, string | File][]) {
  const body = new FormData()
  for (const [name, value] of fields) body.append(name, value)
  context.set(userContext, user)
  const request = new Request(`http://localhost/imoveis/${homeId}/documentacao`, { method: 'POST', body })
  try {
    const result = await documentationAction({
      request,
      params: { id: String(homeId) },
      context,
    } as unknown as Parameters<typeof documentationAction>[0])
    return result instanceof Response ? result : new Response(JSON.stringify(result.data), result.init ?? {})
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    const init = (thrown as { init?: ResponseInit | null }).init
    if (init?.status) return new Response(null, init)
    throw thrown
  }
}

const authorization = (): [string, string][] => [
  ['intent', 'autorizacao'],
  ['owner_name', 'Maria Proprietária da Silva'],
  ['starts_on', today()],
  ['ends_on', addDays(today(), 30)],
]

const pdf = () =>
  new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'autorizacao-assinada.pdf', { type: 'application/pdf' })

test('an authorisation that lapsed yesterday pauses the scheduled publication; a new one lets it publish', async () => {
  const user = await agent()
  const { homeId, postId } = await homeWithPost(user)
  await authorizeHome(handle.db, user.accountId, homeId)
  expect(((await schedule(user, postId)) as Response).status).toBe(302)
  // The authorisation ended yesterday, and the publication's time came.
  await handle.db
    .update(homeAuthorizations)
    .set({ starts_on: addDays(today(), -60), ends_on: addDays(today(), -1) })
    .where(eq(homeAuthorizations.home_id, homeId))
  const [row] = await handle.db
    .update(scheduledPublications)
    .set({ publish_at: sql`now() - interval '1 second'` })
    .where(eq(scheduledPublications.post_id, postId))
    .returning()

  const page = await schedulingPageData(context, user, { view: 'lista', anchor: today(), accountId: null })
  expect(page.upcoming.map((item) => item.paused)).toEqual(['Pausado: autorização vencida'])
  expect(await runPublication(deps, row!.id)).toBe('skipped')
  expect(await listOutbox(storage, user.accountId)).toEqual([])
  const [held] = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.id, row!.id))
  expect(held).toMatchObject({ status: 'scheduled', error: 'Pausado: autorização vencida', attempts: 0 })

  // A bad form keeps what was typed and says what is missing, beside each field.
  const bad = await documentation(user, homeId, [
    ['intent', 'autorizacao'],
    ['owner_name', 'Jo'],
    ['starts_on', today()],
    ['ends_on', addDays(today(), -3)],
  ])
  expect(bad.status).toBe(400)
  const badBody = (await bad.json()) as { errors: Record<string, string[]>; typed: Record<string, string> }
  expect(badBody.errors).toMatchObject({
    owner_name: ['Informe o nome do proprietário, como está no documento.'],
    ends_on: ['A validade termina antes do início.'],
    document: ['Envie o documento assinado (PDF ou foto).'],
  })
  expect(badBody.typed.owner_name).toBe('Jo')
  const notADocument = await documentation(user, homeId, [
    ['intent', 'autorizacao'],
    ['owner_name', 'Maria Proprietária da Silva'],
    ['starts_on', today()],
    ['ends_on', addDays(today(), 180)],
    ['document', new File(['olá'], 'nota.txt', { type: 'text/plain' })],
  ])
  expect(notADocument.status).toBe(400)
  expect(((await notADocument.json()) as { errors: { document: string[] } }).errors.document).toEqual([
    'Envie o documento assinado em PDF ou como foto (JPEG, PNG ou WebP).',
  ])

  const added = await documentation(user, homeId, [
    ['intent', 'autorizacao'],
    ['owner_name', 'Maria Proprietária da Silva'],
    ['starts_on', today()],
    ['ends_on', addDays(today(), 180)],
    ['exclusive', 'on'],
    ['document', pdf()],
  ])
  expect(added.status).toBe(302)
  const [kept] = await handle.db
    .select()
    .from(homeAuthorizations)
    .where(eq(homeAuthorizations.ends_on, addDays(today(), 180)))
  expect(kept).toMatchObject({ owner_name: 'Maria Proprietária da Silva', exclusive: true, home_id: homeId })
  expect(kept!.document_key).toMatch(new RegExp(`^users/${user.accountId}/authorizations/[0-9a-f]{32}\\.pdf$`))
  expect(new TextDecoder().decode((await storage.get(kept!.document_key!))!)).toContain('%PDF-1.4')

  const resumed = await schedulingPageData(context, user, { view: 'lista', anchor: today(), accountId: null })
  expect(resumed.upcoming.map((item) => [item.paused, item.error])).toEqual([[null, null]])
  expect(await runPublication(deps, row!.id)).toBe('published')
  expect((await listOutbox(storage, user.accountId)).map((entry) => entry.publicationId)).toEqual([row!.id])
}, 90_000)

test("another account's property is a 404 on its documentation page, and its document is never read by another", async () => {
  const ana = await agent()
  const bruno = await agent()
  const { homeId } = await homeWithPost(ana)
  expect((await documentation(ana, homeId, [...authorization(), ['document', pdf()]])).status).toBe(302)
  const [kept] = await handle.db.select().from(homeAuthorizations).where(eq(homeAuthorizations.home_id, homeId))
  const read = (userId: string) =>
    readUpload({
      storage,
      key: kept!.document_key!,
      userId,
      url: new URL(`http://localhost/uploads/${kept!.document_key}`),
      secret: 'segredo-de-teste-com-32-caracteres!!',
    })
  expect((await read(ana.accountId))?.contentType).toBe('application/pdf')
  expect(await read(bruno.accountId)).toBeNull()
  await handle.db.delete(homeAuthorizations).where(eq(homeAuthorizations.home_id, homeId))

  const response = await documentation(bruno, homeId, [
    ['intent', 'autorizacao'],
    ['owner_name', 'Maria Proprietária da Silva'],
    ['starts_on', today()],
    ['ends_on', addDays(today(), 30)],
    ['document', pdf()],
  ])
  expect(response.status).toBe(404)
  expect(await handle.db.select().from(homeAuthorizations).where(eq(homeAuthorizations.home_id, homeId))).toEqual([])
})
