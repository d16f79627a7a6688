import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { parseEnv } from '../../app/env.server'
import { readHomeForm } from '../../app/routes/homes/home-form.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { sweepTemporaryUploads, TEMPORARY_MAX_AGE_MS } from '../../app/integrations/storage/temporary-uploads.server'
import { startMockViaCep } from '../mocks/viacep'

let dir = ''
let storage: Storage
let viacep: Awaited<ReturnType<typeof startMockViaCep>>
let env: ReturnType<typeof parseEnv>
const userId = 'f0b7b0a4-6b2a-4a47-9c4e-0b3c7e7e9a11'

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-form-'))
  storage = createDiskStorage(dir)
  viacep = await startMockViaCep()
  env = parseEnv({ VIACEP_URL: viacep.url })
})
afterAll(async () => {
  await viacep.close()
  await rm(dir, { recursive: true, force: true })
})

const fields: [string, string][] = [
  ['status', 'sale'],
  ['category', 'apartment'],
  ['name', 'Apartamento na Bela Vista'],
  ['price', 'R$ 1.234.567,89'],
  ['zipcode', '01310-100'],
  ['neighborhood', 'Bela Vista'],
  ['city', 'São Paulo'],
  ['state', 'SP'],
]

async function post(entries: [string, string | File][], into: Storage = storage) {
  const body = new FormData()
  for (const [k, v] of entries) body.append(k, v)
  return readHomeForm(new Request('http://vitrine.local/imoveis/novo', { method: 'POST', body }), {
    storage: into,
    userId,
    env,
  })
}

async function storedKeys(from: Storage) {
  const keys: string[] = []
  for await (const file of from.list('')) keys.push(file.key)
  return keys
}

const jpeg = async (name: string, seed: number) =>
  new File([new Uint8Array(await roomPhoto('living', seed, { width: 640, height: 480, grain: 0 }))], name, {
    type: 'image/jpeg',
  })

test('a valid form with photos gives the values to save, photos stored in order', async () => {
  const outcome = await post([
    ...fields,
    ['gallery_files', await jpeg('a.jpg', 1)],
    ['gallery_files', await jpeg('b.jpg', 2)],
  ])
  expect(outcome.kind).toBe('save')
  if (outcome.kind !== 'save') return
  expect(outcome.value.price).toBe(123456789)
  expect(outcome.value.gallery.map((g) => g.name)).toEqual(['a.jpg', 'b.jpg'])
  expect(await storage.get(outcome.value.gallery[0]!.variants!.w400!)).not.toBeNull()
})

test('a renamed PDF and an empty file are named in the error; the good photo is kept as a row', async () => {
  const outcome = await post([
    ...fields,
    ['gallery_files', await jpeg('boa.jpg', 3)],
    ['gallery_files', new File(['%PDF-1.7 planta'], 'planta.jpg', { type: 'image/jpeg' })],
    ['gallery_files', new File([], 'vazia.png', { type: 'image/png' })],
  ])
  expect(outcome.kind === 'reply' && outcome.status).toBe(400)
  if (outcome.kind !== 'reply') return
  expect(outcome.state.result?.error?.gallery).toEqual([
    'O arquivo "planta.jpg" não é uma imagem (envie JPEG, PNG, WebP ou AVIF).',
    'O arquivo "vazia.png" está vazio.',
  ])
  expect(outcome.state.media.gallery.map((g) => g.name)).toEqual(['boa.jpg'])
  expect(outcome.state.result?.initialValue).toMatchObject({
    name: 'Apartamento na Bela Vista',
    price: 'R$ 1.234.567,89',
  })
})

test('a failing submission with a photo leaves no file in storage once its day is over', async () => {
  const own = createDiskStorage(await mkdtemp(path.join(tmpdir(), 'vitrine-form-failed-')))
  const outcome = await post(
    [...fields.filter(([name]) => name !== 'name'), ['gallery_files', await jpeg('sala.jpg', 6)]],
    own,
  )
  expect(outcome.kind === 'reply' && outcome.status).toBe(400)
  if (outcome.kind !== 'reply') return
  expect(outcome.state.result?.error?.name).toEqual(['Obrigatório'])
  // The photo comes back as a row (nobody picks it twice), waiting under tmp/ only.
  expect(outcome.state.media.gallery.map((g) => g.name)).toEqual(['sala.jpg'])
  const keys = await storedKeys(own)
  // The photo and its sizes (400, 800 and 1080 px wide).
  expect(keys).toHaveLength(4)
  for (const key of keys) expect(key).toMatch(new RegExp(`^tmp/users/${userId}/homes/photos/`))

  // A sweep within the day keeps it; after the day the form was abandoned: nothing is left.
  expect(await sweepTemporaryUploads(own)).toBe(0)
  expect(await sweepTemporaryUploads(own, { now: Date.now() + TEMPORARY_MAX_AGE_MS + 1000 })).toBe(4)
  expect(await storedKeys(own)).toEqual([])
})

test("another user's stored file cannot be slipped in through a hidden field", async () => {
  const foreign = JSON.stringify({
    name: 'x.jpg',
    url: '/uploads/users/someone-else/homes/photos/abc/original.jpg',
    variants: { original: 'users/someone-else/homes/photos/abc/original.jpg' },
  })
  const outcome = await post([...fields, ['gallery[0].item', foreign]])
  expect(outcome.kind === 'save' && outcome.value.gallery).toEqual([])
})

test('no more than 40 photos: the extra files are refused with a message', async () => {
  const stored = JSON.stringify({
    name: 'f.jpg',
    url: `/uploads/users/${userId}/homes/photos/0/original.jpg`,
    variants: { original: `users/${userId}/homes/photos/0/original.jpg` },
  })
  const rows: [string, string][] = Array.from({ length: 39 }, (_, i) => [
    `gallery[${i}].item`,
    stored.replaceAll('/0/', `/${i}/`),
  ])
  const outcome = await post([
    ...fields,
    ...rows,
    ['gallery_files', await jpeg('40.jpg', 4)],
    ['gallery_files', await jpeg('41.jpg', 5)],
  ])
  expect(outcome.kind).toBe('reply')
  if (outcome.kind !== 'reply') return
  expect(outcome.state.media.gallery).toHaveLength(40)
  expect(outcome.state.result?.error?.gallery).toEqual(['Limite de fotos atingido: 1 arquivo não foi enviado.'])
})

test('"Buscar CEP" refills the address and complains about nothing else', async () => {
  const outcome = await post([
    ['intent', 'cep'],
    ['zipcode', '22071000'],
    ['name', ''],
  ])
  expect(outcome.kind === 'reply' && outcome.status).toBe(200)
  if (outcome.kind !== 'reply') return
  expect(outcome.state.result?.initialValue).toMatchObject({
    zipcode: '22071-000',
    street: 'Avenida Atlântica',
    neighborhood: 'Copacabana',
    city: 'Rio de Janeiro',
    state: 'RJ',
  })
  expect(outcome.state.result?.error).toBeUndefined()
})

test('a body over the limit is refused before it is read', async () => {
  const request = new Request('http://vitrine.local/imoveis/novo', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(500 * 1024 * 1024) },
    body: 'x',
  })
  const outcome = await readHomeForm(request, { storage, userId, env })
  expect(outcome.kind === 'reply' && outcome.status).toBe(413)
})

test('a property saved with no price keeps it null and the list card shows R$ -,--', async () => {
  const { renderToStaticMarkup } = await import('react-dom/server')
  const { createElement } = await import('react')
  const { MemoryRouter } = await import('react-router')
  const { HomeCard } = await import('../../app/components/homes/home-card')
  const entries: [string, string][] = [
    ...fields.filter(([name]) => name !== 'price' && name !== 'status'),
    ['status', 'rent'],
    ['price', ''],
  ]
  const outcome = await post(entries)
  expect(outcome.kind).toBe('save')
  if (outcome.kind !== 'save') return
  expect(outcome.value.price).toBeNull()
  expect(outcome.value.rental_price).toBeNull()
  const card = { ...outcome.value, id: 1, cover: null, photos: 0 }
  const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(HomeCard, { home: card })))
  expect(html).toContain('R$ -,--')
  expect(html).not.toContain('R$ 0,00')
  expect(html).not.toContain('/mês')
})
