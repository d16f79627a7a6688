// The server side of /assistente, /audio and /ambientes with the embedded defaults (offline
// assistant, eSpeak NG, sharp), on a real database and disk storage, through the same
// functions the route modules call: grounding and 404s, the rate limit, what is stored where.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, narrations, roomImages, users } from '../../db/schema'
import {
  clientIpContext,
  dbContext,
  envContext,
  loggerContext,
  storageContext,
  userContext,
  type SessionUser,
  rateLimiterContext,
} from '../../app/context'
import { parseEnv } from '../../app/env.server'
import { mp3DurationMs, oggDurationMs } from '../../app/domain/audio-duration'
import { answerOf } from '../../app/integrations/ai/assistant.server'
import { markBox, simulateStyle } from '../../app/integrations/images/enhance.server'
import { storeHomeImage } from '../../app/integrations/images/images.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { createHome, getHome } from '../../app/models/homes.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import type { HomeInput } from '../../app/domain/home-schema'
import { createLogger } from '../../app/utils/logger.server'
import { createRateLimiter } from '../../app/models/rate-limits.server'
import { readChatForm } from '../../app/routes/assistant/chat-form.server'
import { action as chatStream } from '../../app/routes/assistant/stream'
import { assistantLimits, prepareChat } from '../../app/workflows/assistant.server'
import { ambientesAction } from '../../app/routes/rooms/actions.server'
import { audioAction } from '../../app/routes/audio/actions.server'
import { generateNarration } from '../../app/workflows/audio.server'
import { enhance, stage } from '../../app/workflows/rooms.server'
import { createTestDatabase } from '../setup/db'
import { eq } from 'drizzle-orm'

let handle: DatabaseHandle
let storage: Storage
let dir = ''
const solo = (id: string, email: string, full_name: string): SessionUser => ({
  id,
  email,
  full_name,
  role: 'user',
  accountId: id,
  accountRole: 'owner',
})
const ana = solo(crypto.randomUUID(), 'ana@example.com', 'Ana Corretora')
const bruno = solo(crypto.randomUUID(), 'bruno@example.com', 'Bruno')
let anaHome = 0
let brunoHome = 0
let anaPhoto = ''
let brunoPhoto = ''

const photo = (color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><rect x="100" y="100" width="300" height="200" fill="#f2e8d5"/><rect x="500" y="250" width="200" height="250" fill="#3b3b3b"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer()

beforeAll(async () => {
  handle = await createTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-ai-areas-'))
  storage = createDiskStorage(dir)
  await handle.db.insert(users).values([
    { id: ana.id, email: ana.email, full_name: 'Ana Corretora', phone: '(11) 98765-4321' },
    { id: bruno.id, email: bruno.email },
  ])
  const base = {
    status: 'sale',
    type: 'residential',
    category: 'apartment',
    stage: 'ready',
    segment: 'luxury',
    description: null,
    social_housing_program: false,
    rental_price: 0,
    condominium_price: 280000,
    iptu_price: 75000,
    area: 142,
    bedrooms: 3,
    suites: 3,
    bathrooms: 4,
    parking_spaces: 2,
    features: ['gourmet_balcony'],
    amenities: ['pool', 'gym'],
    zipcode: '04534-011',
    street: 'Rua Joaquim Floriano',
    street_number: '466',
    complement: null,
    neighborhood: 'Itaim Bibi',
    city: 'São Paulo',
    state: 'SP',
    place_id: null,
    location: null,
    nearby_places: [],
    floor_plans: [],
    theme: null,
  } satisfies Partial<HomeInput>
  const anaItem = await storeHomeImage(
    storage,
    ana.id,
    { name: 'sala.jpg', bytes: await photo('#9a8f7a') },
    { caption: 'Sala' },
  )
  const brunoItem = await storeHomeImage(storage, bruno.id, { name: 'quarto.jpg', bytes: await photo('#7a8f9a') })
  const a = await createHome(handle.db, storage, ana.id, {
    ...base,
    name: 'Apartamento no Itaim',
    price: 245000000,
    gallery: [anaItem],
  })
  const b = await createHome(handle.db, storage, bruno.id, {
    ...base,
    name: 'Casa do Bruno',
    price: 99000000,
    neighborhood: 'Moema',
    gallery: [brunoItem],
  })
  anaHome = a.id
  brunoHome = b.id
  anaPhoto = a.gallery[0]!.url
  brunoPhoto = b.gallery[0]!.url
})

afterAll(async () => {
  await handle?.close()
  await rm(dir, { recursive: true, force: true })
})

function contextFor(user: SessionUser | null, ip = '203.0.113.7') {
  const context = new RouterContextProvider()
  context.set(envContext, parseEnv({ NODE_ENV: 'test' }))
  context.set(dbContext, handle.db)
  context.set(storageContext, storage)
  context.set(loggerContext, createLogger('silent'))
  context.set(rateLimiterContext, createRateLimiter(handle.db))
  context.set(userContext, user)
  context.set(clientIpContext, ip)
  return context
}

const form = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  return body
}
/** The page's form posted to its route. */
const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: 'POST', body: form(fields) })
const anaHomeRow = async () => (await getHome(handle.db, ana.id, anaHome))!

/** A chat turn as the routes take it: the form read, then the turn prepared. */
async function readChat(context: RouterContextProvider, fields: Record<string, string>) {
  const read = readChatForm(form(fields))
  return read.status === 'success' ? prepareChat(context, read.value) : read
}

test("signed in, the assistant writes about the agent's own property, signed with their name", async () => {
  const outcome = await readChat(contextFor(ana), { task: 'whatsapp', home_id: String(anaHome) })
  expect(outcome.status).toBe('ready')
  if (outcome.status !== 'ready') return
  expect(outcome.turn.home.name).toBe('Apartamento no Itaim')
  const answer = await answerOf(outcome.assistant, outcome.turn)
  expect(answer).toContain('R$ 2.450.000,00')
  expect(answer).toContain('Itaim Bibi')
  expect(answer).toContain('Ana Corretora · (11) 98765-4321')
})

test("another user's property is 404, not their data", async () => {
  expect(await readChat(contextFor(ana), { task: 'whatsapp', home_id: String(brunoHome) })).toEqual({
    status: 'not-found',
  })
  const attempt = chatStream({
    request: new Request('http://localhost/assistente/mensagens', {
      method: 'POST',
      body: form({ task: 'whatsapp', home_id: String(brunoHome) }),
    }),
    params: {},
    context: contextFor(ana),
  } as never)
  await expect(attempt).rejects.toMatchObject({ init: { status: 404 } })
  await expect(
    audioAction(
      post('/audio', {
        home_id: String(brunoHome),
        text: 'Um texto qualquer com mais de vinte letras.',
        voice: 'feminina',
      }),
      contextFor(ana),
    ),
  ).rejects.toMatchObject({ init: { status: 404 } })
  await expect(
    audioAction(post('/audio', { _intent: 'escrever', home_id: String(brunoHome) }), contextFor(ana)),
  ).rejects.toMatchObject({ init: { status: 404 } })
  await expect(
    ambientesAction(
      post('/ambientes', { home_id: String(brunoHome), photo: brunoPhoto, auto_level: 'on' }),
      contextFor(ana),
    ),
  ).rejects.toMatchObject({ init: { status: 404 } })
  // Bruno's photo URL on Ana's property is refused as a field error.
  const foreign = await stage(contextFor(ana), ana, { home: await anaHomeRow(), photo: brunoPhoto, style: 'moderno' })
  expect(foreign).toEqual({ status: 'invalid', errors: { photo: ['Escolha uma foto deste imóvel.'] } })
})

test('without an account the demo property answers, and the demo is rate-limited per IP', async () => {
  const ip = '198.51.100.23'
  const first = await readChat(contextFor(null, ip), { task: 'whatsapp', home_id: String(anaHome) })
  expect(first.status).toBe('ready')
  if (first.status === 'ready') expect(first.turn.home.name).toMatch(/\(exemplo\)$/)
  for (let i = 1; i < assistantLimits.demo.limit; i++)
    expect((await readChat(contextFor(null, ip), { task: 'semana' })).status).toBe('ready')
  const limited = await readChat(contextFor(null, ip), { task: 'semana' })
  expect(limited).toMatchObject({ status: 'limited' })
  if (limited.status === 'limited')
    expect(limited.message).toMatch(/^Você enviou muitas mensagens seguidas\. Tente de novo em \d+ min\.$/)
  // Another visitor is not affected.
  expect((await readChat(contextFor(null, '198.51.100.24'), { task: 'semana' })).status).toBe('ready')
})

test('an overlong message is a pt-BR field error', async () => {
  const outcome = await readChat(contextFor(ana), { task: 'conversa', message: 'a'.repeat(1001) })
  expect(outcome).toMatchObject({ status: 'invalid', errors: { message: ['Escreva até 1000 caracteres.'] } })
})

test('a narration is a real pt-BR speech file longer than 5 s, stored and listed', async () => {
  const text =
    'Conheça este apartamento à venda no Itaim Bibi, em São Paulo. São 142 m² com 3 suítes e 2 vagas de garagem. Tudo isso por R$ 2.450.000,00. Agende a sua visita!'
  for (const format of ['mp3', 'ogg'] as const) {
    const outcome = await generateNarration(contextFor(ana), ana, {
      home_id: anaHome,
      text,
      voice: 'feminina',
      speed: 'normal',
      format,
    })
    expect(outcome.status).toBe('done')
    if (outcome.status !== 'done') return
    const [row] = await handle.db.select().from(narrations).where(eq(narrations.id, outcome.id))
    expect(row).toMatchObject({ user_id: ana.id, home_id: anaHome, format, engine: 'offline' })
    expect(row!.storage_key).toMatch(new RegExp(`^users/${ana.id}/audio/[0-9a-f]{32}/narracao\\.${format}$`))
    const bytes = (await storage.get(row!.storage_key))!
    const measured = format === 'mp3' ? mp3DurationMs(bytes) : oggDurationMs(bytes)
    expect(measured).toBeGreaterThan(5000)
    expect(Math.abs(measured - row!.duration_ms)).toBeLessThan(150)
    expect(outcome.duration).toMatch(/^0:(0[6-9]|[1-5]\d)$/)
  }
}, 120_000)

test('an enhanced photo keeps its size, changes, and is stored apart from the gallery', async () => {
  const before = await getHome(handle.db, ana.id, anaHome)
  const outcome = await enhance(contextFor(ana), ana, {
    home: before!,
    photo: anaPhoto,
    options: { auto_level: true, white_balance: true, sharpen: true, brightness: 10, straighten: 2 },
  })
  expect(outcome).toMatchObject({ status: 'done', homeId: anaHome })
  if (outcome.status !== 'done') return
  const [row] = await handle.db.select().from(roomImages).where(eq(roomImages.id, outcome.id))
  expect(row).toMatchObject({ kind: 'enhanced', illustrative: false, source_url: anaPhoto, width: 800, height: 600 })
  expect(row!.storage_key).toMatch(new RegExp(`^users/${ana.id}/ambientes/[0-9a-f]{32}/melhorada\\.jpg$`))
  const original = (await storage.get(before!.gallery[0]!.variants!.original))!
  const enhanced = (await storage.get(row!.storage_key))!
  expect(await sharp(enhanced).metadata()).toMatchObject({ width: 800, height: 600 })
  const [a, b] = await Promise.all([sharp(original).raw().toBuffer(), sharp(enhanced).raw().toBuffer()])
  let diff = 0
  for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!)
  expect(diff / a.length).toBeGreaterThan(3)
  const after = await handle.db.select().from(homes).where(eq(homes.id, anaHome))
  expect(after[0]!.gallery).toEqual(before!.gallery)
  // No ticked adjustment: nothing to do, said in pt-BR.
  expect(
    await enhance(contextFor(ana), ana, {
      home: before!,
      photo: anaPhoto,
      options: { auto_level: false, white_balance: false, sharpen: false, brightness: 0, straighten: 0 },
    }),
  ).toEqual({
    status: 'invalid',
    errors: { _ajustes: ['Escolha pelo menos um ajuste.'] },
  })
})

test('a staged photo (offline style simulation) is marked illustrative and kept apart', async () => {
  const outcome = await stage(contextFor(ana), ana, { home: await anaHomeRow(), photo: anaPhoto, style: 'escandinavo' })
  expect(outcome.status).toBe('done')
  if (outcome.status !== 'done') return
  const [row] = await handle.db.select().from(roomImages).where(eq(roomImages.id, outcome.id))
  expect(row).toMatchObject({
    kind: 'staged',
    style: 'escandinavo',
    illustrative: true,
    engine: 'offline',
    width: 800,
    height: 600,
  })
  expect(row!.storage_key).toMatch(/\/ambientes\/[0-9a-f]{32}\/ilustrativa-escandinavo\.jpg$/)
  const home = await getHome(handle.db, ana.id, anaHome)
  expect(home!.gallery.map((item) => item.url)).toEqual([anaPhoto])
  // The burned-in mark: the corner where it sits differs from the same corner left unmarked.
  const staged = (await storage.get(row!.storage_key))!
  const unmarked = await simulateStyle((await storage.get(home!.gallery[0]!.variants!.original))!, 'escandinavo')
  const box = markBox(800, 600)
  const corner = (bytes: Uint8Array) =>
    sharp(bytes)
      .extract({ left: box.left, top: box.top, width: box.height * 3, height: box.height })
      .raw()
      .toBuffer()
  const [withMark, without] = await Promise.all([corner(staged), corner(unmarked)])
  let diff = 0
  for (let i = 0; i < withMark.length; i++) diff += Math.abs(withMark[i]! - without[i]!)
  expect(diff / withMark.length).toBeGreaterThan(60)
})
