import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { roomPhoto } from '~/integrations/images/sample-photos.server'
import { createStorage, type Storage } from '~/integrations/storage/storage.server'
import { claimSharedPhotos, isShareToken, keepSharedPhotos, sharedDescription } from './shared-photos.server'

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

test('shared photos become the first account’s form photos, once; a reload finds the same; a refused file is named', async () => {
  const token = await keepSharedPhotos(storage, {
    files: [await jpeg('sala.jpg', 1), new File([new Uint8Array([1, 2, 3])], 'nota.txt'), await jpeg('quarto.jpg', 2)],
    title: '',
    text: 'Apartamento no centro',
    url: '',
  })
  expect(isShareToken(token)).toBe(true)

  const shared = await claimSharedPhotos(storage, 'account-a', token)
  expect(shared?.gallery.map((item) => item.name)).toEqual(['sala.jpg', 'quarto.jpg'])
  expect(shared?.gallery[0]?.variants?.original).toMatch(/^tmp\/users\/account-a\/homes\/photos\//)
  expect(shared?.errors).toHaveLength(1)
  expect(shared?.errors[0]).toContain('nota.txt')
  expect(shared?.description).toBe('Apartamento no centro')

  expect(await claimSharedPhotos(storage, 'account-a', token)).toEqual(shared)
  expect(await claimSharedPhotos(storage, 'account-b', token)).toBeNull()
})

test('a token that names nothing, or is not a token, opens nothing', async () => {
  expect(isShareToken('../../etc')).toBe(false)
  expect(await claimSharedPhotos(storage, 'account-a', '0'.repeat(32))).toBeNull()
})
