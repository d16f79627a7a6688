// A carousel's details from the scheduling form to the outbox (issue 63): each image's alt text
// (made from the property, editable), the first comment and the collaborators, read by the
// page's own action, kept on the publication and written beside the images when it goes out;
// a malformed username is refused beside its field (400), typed values kept, nothing saved. And
// Instagram's daily limit, read from the account's content_publishing_limit at most hourly
// (a local Graph API server stands in), refuses one more piece on a full day with the number.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { posts, scheduledPublications, users } from '../../db/schema'
import { dbContext, jobsContext, postImagesContext, publishingContext, type SessionUser } from '../../app/context'
import { parseEnv } from '../../app/env.server'
import { makeSlide } from '../../app/domain/slides'
import { listOutbox } from '../../app/integrations/meta/outbox.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { ensureOutboxAccount, saveConnectedAccount } from '../../app/models/social-accounts.server'
import { teamAction } from '../../app/routes/account/team-actions.server'
import { scheduleAction } from '../../app/routes/scheduling/schedule.server'
import { openDatabase, type DatabaseHandle } from '../../app/utils/db.server'
import { createJobsOn, type Jobs } from '../../app/utils/jobs.server'
import { createLogger } from '../../app/utils/logger.server'
import { createPostImages } from '../../app/workflows/post-images.server'
import { createPublishing } from '../../app/workflows/publishing-service.server'
import { runPublication, type PublishingDeps } from '../../app/workflows/publishing.server'
import { scheduleFormData } from '../../app/workflows/scheduling-form.server'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { sessionUser } from '../support/billing'
import { seedDemoSubscription } from '../../scripts/seed/billing'

const logger = createLogger('silent')
const day = 86_400_000
let dataDir = ''
let storage: Storage
let handle: DatabaseHandle
let jobs: Jobs
let deps: PublishingDeps
let context: RouterContextProvider
let graph: Awaited<ReturnType<typeof startMockMetaGraph>>
const TOKEN = 'token-valido'

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-details-'))
  graph = await startMockMetaGraph({ token: TOKEN })
  const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', META_GRAPH_URL: graph.graphUrl })
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
}, 60_000)

afterAll(async () => {
  await jobs?.stop()
  await graph?.close()
  await handle?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function agent(): Promise<SessionUser> {
  const id = randomUUID()
  await handle.db.insert(users).values({ id, email: `ana-${id}@example.com`, full_name: 'Ana' })
  await seedDemoSubscription(handle.db, id)
  return sessionUser(id, `ana-${id}@example.com`)
}

const inTwoDays = () => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' })
  return parts.format(new Date(Date.now() + 2 * day))
}

async function carousel(user: SessionUser) {
  const [post] = await handle.db
    .insert(posts)
    .values({
      user_id: user.accountId,
      created_by: user.id,
      template: 'carrossel',
      format: 'carousel',
      type: 'carousel',
      description: 'Apartamento à venda no Jardins',
      meta: { slides: [makeSlide('a', 'text', { title: 'Sala ampla' }), makeSlide('b', 'text', { title: 'Varanda' })] },
      generated_at: new Date(),
    })
    .returning()
  return post!.id
}

function posted(fields: [string, string][]) {
  const body = new FormData()
  for (const [name, value] of fields) body.append(name, value)
  return new Request('http://localhost/agendar-posts/agendamento', { method: 'POST', body })
}

test('a carousel goes out with its alt texts, first comment and collaborator; a bad username is refused beside its field', async () => {
  const user = await agent()
  const outbox = await ensureOutboxAccount(handle.db, user.accountId)
  const postId = await carousel(user)

  // The form starts with an alt text per image, made from what each image shows.
  const form = await scheduleFormData(context, user, postId)
  expect(form.defaults.alt_texts).toHaveLength(2)
  expect(form.defaults.alt_texts[0]).toContain('Sala ampla')

  const fields = (collaborators: string): [string, string][] => [
    ['post_id', String(postId)],
    ['account_ids', String(outbox.id)],
    ['date', inTwoDays()],
    ['time', '18:30'],
    ['caption', 'Apartamento à venda no Jardins'],
    ['alt_texts', 'Sala ampla com janelas do chão ao teto'],
    ['alt_texts', 'Varanda gourmet com churrasqueira'],
    ['first_comment', '#imoveis #jardins CRECI 12345-F'],
    ['collaborators', collaborators],
  ]
  const refused = (await scheduleAction(context, posted(fields('@imobiliaria.centro, nome inválido!')), user)) as {
    init: ResponseInit | null
    data: { errors: Record<string, string[]>; values: Record<string, unknown> }
  }
  expect(refused.init?.status).toBe(400)
  expect(refused.data.errors.collaborators).toEqual([
    '“inválido!” não é um usuário do Instagram válido: use só letras, números, ponto e sublinhado (até 30 caracteres, sem ponto no início ou no fim).',
  ])
  expect(refused.data.values).toMatchObject({
    first_comment: '#imoveis #jardins CRECI 12345-F',
    collaborators: '@imobiliaria.centro, nome inválido!',
  })
  const none = await handle.db.select().from(scheduledPublications).where(eq(scheduledPublications.post_id, postId))
  expect(none).toHaveLength(0)

  const accepted = await scheduleAction(context, posted(fields('@Imobiliaria.Centro')), user)
  expect(accepted).toBeInstanceOf(Response)
  expect((accepted as Response).status).toBe(302)
  const [row] = await handle.db
    .update(scheduledPublications)
    .set({ publish_at: sql`now() - interval '1 second'` })
    .where(eq(scheduledPublications.post_id, postId))
    .returning()
  expect(await runPublication(deps, row!.id)).toBe('published')
  const [entry] = await listOutbox(storage, user.accountId)
  expect(entry).toMatchObject({
    publicationId: row!.id,
    files: ['01.jpg', '02.jpg'],
    altTexts: ['Sala ampla com janelas do chão ao teto', 'Varanda gourmet com churrasqueira'],
    firstComment: '#imoveis #jardins CRECI 12345-F',
    collaborators: ['imobiliaria.centro'],
  })
}, 90_000)

test("a day at the Instagram account's daily limit refuses one more piece with the limit in the message", async () => {
  const user = await agent()
  const instagram = await saveConnectedAccount(handle.db, user.accountId, deps.credentialsKey, {
    provider: 'instagram',
    name: '@imobiliaria.teste',
    externalId: `ig-${randomUUID()}`,
    token: TOKEN,
    expiresAt: new Date(Date.now() + 30 * day),
  })
  graph.state.quota.total = 2
  const asked = () => graph.state.requests.filter((request) => request.includes('content_publishing_limit')).length
  const before = asked()
  const schedule = async (date: string, time: string) =>
    scheduleAction(
      context,
      posted([
        ['post_id', String(await carousel(user))],
        ['account_ids', String(instagram)],
        ['date', date],
        ['time', time],
        ['caption', 'Apartamento à venda no Jardins'],
      ]),
      user,
    )
  const chosen = inTwoDays()
  expect(((await schedule(chosen, '09:00')) as Response).status).toBe(302)
  expect(((await schedule(chosen, '18:00')) as Response).status).toBe(302)
  const third = (await schedule(chosen, '20:00')) as {
    init: ResponseInit | null
    data: { errors: Record<string, string[]> }
  }
  expect(third.init?.status).toBe(400)
  const [, month, date] = chosen.split('-')
  expect(third.data.errors.account).toEqual([
    `A conta @imobiliaria.teste já tem 2 publicações em ${date}/${month}, e o Instagram permite 2 por dia a esta conta. Escolha outro dia.`,
  ])
  // The next day has room; the limit was read from Instagram once for all four.
  const next = new Date(Date.parse(`${chosen}T12:00:00Z`) + day).toISOString().slice(0, 10)
  expect(((await schedule(next, '09:00')) as Response).status).toBe(302)
  expect(asked() - before).toBe(1)
}, 90_000)

test("the agency's default collaborator, set on the team page, starts every piece's collaborators", async () => {
  const owner = await agent()
  const postId = await carousel(owner)
  const form = (value: string) => {
    const body = new FormData()
    body.append('intent', 'collaborator')
    body.append('collaborator', value)
    return body
  }
  const refused = (await teamAction(form('imobiliária centro'), context, owner)) as {
    init: ResponseInit | null
    data: { error: string; typed: string }
  }
  expect(refused.init?.status).toBe(400)
  expect(refused.data).toEqual({
    intent: 'collaborator',
    error:
      '“imobiliária” não é um usuário do Instagram válido: use só letras, números, ponto e sublinhado (até 30 caracteres, sem ponto no início ou no fim).',
    typed: 'imobiliária centro',
  })
  expect((await scheduleFormData(context, owner, postId)).defaults.collaborators).toBe('')

  expect(((await teamAction(form('@Imobiliaria.Centro'), context, owner)) as Response).status).toBe(302)
  expect((await scheduleFormData(context, owner, postId)).defaults.collaborators).toBe('@imobiliaria.centro')
  expect(((await teamAction(form(''), context, owner)) as Response).status).toBe(302)
  expect((await scheduleFormData(context, owner, postId)).defaults.collaborators).toBe('')
})
