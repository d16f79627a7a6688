import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { roomPhoto } from '~/integrations/images/sample-photos.server'
import { createStorage, type Storage } from '~/integrations/storage/storage.server'
import { readStreamedForm } from '~/utils/streamed-form.server'
import {
  addSharedPhoto,
  isShareToken,
  keepShare,
  SHARE_LIMITS,
  sharedDescription,
  sharedPhotosOf,
  type SharedPhotos,
} from './shared-photos.server'

/** What /compartilhar does with a share: each photo kept as it streams in, then the share written down. */
async function receiveSharedPhotos(store: Storage, person: { id: string; accountId: string }, request: Request) {
  const shared: SharedPhotos = { gallery: [], description: '', errors: [] }
  const read = await readStreamedForm(request, SHARE_LIMITS, async (file) => {
    const bytes = new Uint8Array(await file.arrayBuffer())
    await addSharedPhoto(store, person.accountId, shared, { name: file.name, bytes })
    return null
  })
  if (!read.ok) return read
  shared.description = String(read.form.get('text') ?? '')
  return { ok: true as const, token: await keepShare(store, person.id, shared) }
}

let dir: string
let storage: Storage
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shared-photos-'))
  storage = createStorage({ dataDir: dir })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const jpeg = async (name: string, seed: number) =>
  new File([new Uint8Array(await roomPhoto('living', seed, { width: 800, height: 600, grain: 0 }))], name, {
    type: 'image/jpeg',
  })

test('the shared text fills the description, with the link when the text lacks it', () => {
  expect(sharedDescription({ title: 'Casa', text: 'Casa com piscina', url: 'https://x.com/1' })).toBe(
    'Casa com piscina\nhttps://x.com/1',
  )
  expect(sharedDescription({ title: '', text: 'Veja https://x.com/1', url: 'https://x.com/1' })).toBe(
    'Veja https://x.com/1',
  )
  expect(sharedDescription({ title: 'Só o título', text: '', url: '' })).toBe('Só o título')
})

/** The share sheet's post: these files as `fotos`, and the text beside them. */
function sharePost(files: File[], text: string) {
  const form = new FormData()
  for (const file of files) form.append('fotos', file)
  form.append('text', text)
  return new Request('http://127.0.0.1/compartilhar', { method: 'POST', body: form })
}

const A = { id: 'person-a', accountId: 'account-a' }

test('shared photos become the sender’s form photos, read back by that person alone; a refused file is named', async () => {
  const received = await receiveSharedPhotos(
    storage,
    A,
    sharePost(
      [await jpeg('sala.jpg', 1), new File([new Uint8Array([1, 2, 3])], 'nota.txt'), await jpeg('quarto.jpg', 2)],
      'Apartamento no centro',
    ),
  )
  if (!received.ok) throw new Error(received.refusal)
  expect(isShareToken(received.token)).toBe(true)

  const shared = await sharedPhotosOf(storage, A.id, received.token)
  expect(shared?.gallery.map((item) => item.name)).toEqual(['sala.jpg', 'quarto.jpg'])
  expect(shared?.gallery[0]?.variants?.original).toMatch(/^tmp\/users\/account-a\/homes\/photos\//)
  expect(shared?.errors).toHaveLength(1)
  expect(shared?.errors[0]).toContain('nota.txt')
  expect(shared?.description).toBe('Apartamento no centro')

  // Reading it back claims nothing: the same again for that person, nothing for another.
  expect(await sharedPhotosOf(storage, A.id, received.token)).toEqual(shared)
  expect(await sharedPhotosOf(storage, 'person-b', received.token)).toBeNull()
})

test('a share past the form’s limits is refused while it streams in, and nothing is kept', async () => {
  const big = new File([new Uint8Array(SHARE_LIMITS.maxFileBytes + 1)], 'enorme.jpg', { type: 'image/jpeg' })
  expect(await receiveSharedPhotos(storage, A, sharePost([big], ''))).toEqual({ ok: false, refusal: 'file-too-large' })
  const many = Array.from({ length: SHARE_LIMITS.maxFiles + 1 }, (_, i) => new File([new Uint8Array(8)], `${i}.jpg`))
  expect(await receiveSharedPhotos(storage, A, sharePost(many, ''))).toEqual({ ok: false, refusal: 'too-many-files' })
  const broken = new Request('http://127.0.0.1/compartilhar', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: '--x\r\nContent-Disposition: form-data; name="fotos"; filename="a.jpg"\r\n\r\nsem fim',
  })
  expect(await receiveSharedPhotos(storage, A, broken)).toEqual({ ok: false, refusal: 'unreadable' })
})

test('a token that names nothing, or is not a token, opens nothing', async () => {
  expect(isShareToken('../../etc')).toBe(false)
  expect(await sharedPhotosOf(storage, A.id, '0'.repeat(32))).toBeNull()
})
