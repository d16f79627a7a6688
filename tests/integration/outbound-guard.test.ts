// The outbound guard (ADR 209) against a real service on 127.0.0.1 that counts its requests: an
// agent's feed address, a photo address inside a feed and a Vista host spelled as IPv4-mapped IPv6
// are refused with the pt-BR reason and the service hears nothing; a redirect to it is refused; a
// host name resolving to it is refused; the socket connects to the address that was checked.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { refusedRange } from '../../app/integrations/outbound/address-ranges.server'
import { EnvError, parseEnv } from '../../app/env.server'
import { OutboundError, outboundFetch } from '../../app/integrations/outbound/outbound-fetch.server'
import { createDiskStorage, type Storage } from '../../app/integrations/storage/storage.server'
import { connectFeed } from '../../app/workflows/feed-connect.server'
import { downloadPhotos } from '../../app/workflows/feed-photos.server'
import { startInternalService, type InternalService } from '../mocks/internal-service'

let service: InternalService
let storage: Storage
let dir: string

beforeAll(async () => {
  service = await startInternalService()
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-outbound-'))
  storage = createDiskStorage(dir)
})
afterAll(async () => {
  await service.close()
  await rm(dir, { recursive: true, force: true })
})
beforeEach(() => {
  service.requests.length = 0
})

const mappedHex = () => `http://[::ffff:7f00:1]:${service.port}`
const mappedDotted = () => `http://[::ffff:127.0.0.1]:${service.port}`

/** What the product uses (no private hosts allowed); a refusal saves nothing, so no database. */
const productDeps = () => ({
  db: undefined as never,
  storage,
  credentialsSecret: 'chave-de-teste-das-credenciais-0123456789',
  fetchOptions: {},
})

describe('an address spelled as IPv4-mapped IPv6 is refused before any request', () => {
  test.each([mappedHex, mappedDotted])('the feed address %#', async (base) => {
    const result = await connectFeed(productDeps(), 'agente', { kind: 'url', url: `${base()}/feed.xml` })
    expect(result).toEqual({
      ok: false,
      field: 'url',
      message: 'O endereço ::ffff:7f00:1 é de uma rede interna e não pode ser lido.',
    })
    expect(service.requests).toEqual([])
  })

  test('the cloud metadata address and a Vista host', async () => {
    const metadata = await connectFeed(productDeps(), 'agente', {
      kind: 'url',
      url: 'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    })
    expect(metadata).toMatchObject({ ok: false, field: 'url', message: expect.stringMatching(/rede interna/) })
    const vista = await connectFeed(productDeps(), 'agente', { kind: 'vista', apiHost: mappedHex(), apiKey: 'chave' })
    expect(vista).toMatchObject({ ok: false, field: 'apiHost', message: expect.stringMatching(/rede interna/) })
    expect(service.requests).toEqual([])
  })

  test('photo addresses inside a feed', async () => {
    const photos = [mappedHex, mappedDotted].map((base, index) => ({
      url: `${base()}/fotos/sala.jpg`,
      caption: null,
      featured: index === 0,
    }))
    const result = await downloadPhotos(storage, 'agente', photos, {})
    expect(result.gallery).toEqual([])
    expect(result.errors).toEqual([
      'Foto 1 não importada (O endereço ::ffff:7f00:1 é de uma rede interna e não pode ser lido).',
      'Foto 2 não importada (O endereço ::ffff:7f00:1 é de uma rede interna e não pode ser lido).',
    ])
    expect(service.requests).toEqual([])
  })
})

/** A check that lets exactly '127.0.0.1' pass as public: the test's stand-in for an outside host. */
const allowingTheService = { rangeOf: (address: string) => (address === '127.0.0.1' ? null : refusedRange(address)) }

describe('redirects', () => {
  test('a redirect from an allowed host to an internal one is refused at the second hop', async () => {
    const start = `http://127.0.0.1:${service.port}/redirect?to=${encodeURIComponent(`${mappedHex()}/feed.xml`)}`
    const refused = await outboundFetch(start, allowingTheService).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(OutboundError)
    expect((refused as OutboundError).message).toBe(
      'O endereço ::ffff:7f00:1 é de uma rede interna e não pode ser lido.',
    )
    expect(service.requests.map((r) => r.path)).toEqual(['/redirect'])

    // The same redirect to an allowed address is followed: the refusal above is the check's.
    const allowed = `http://127.0.0.1:${service.port}/redirect?to=${encodeURIComponent('/feed.xml')}`
    const response = await outboundFetch(allowed, allowingTheService)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('INTERNO-1')
  })

  test('a chain longer than five hops stops', async () => {
    let url = `http://127.0.0.1:${service.port}/feed.xml`
    for (let i = 0; i < 6; i++) url = `http://127.0.0.1:${service.port}/redirect?to=${encodeURIComponent(url)}`
    await expect(outboundFetch(url, allowingTheService)).rejects.toThrow('redirecionou vezes demais')
    expect(service.requests).toHaveLength(6)
  })
})

describe('host names', () => {
  test('a name that resolves to an internal address is refused, whichever answer is internal', async () => {
    const url = `http://crm.exemplo.com.br:${service.port}/feed.xml`
    await expect(outboundFetch(url, { resolve: async () => ['10.0.0.7'] })).rejects.toThrow(
      'O endereço crm.exemplo.com.br (10.0.0.7) é de uma rede interna e não pode ser lido.',
    )
    await expect(outboundFetch(url, { resolve: async () => ['8.8.8.8', '::ffff:7f00:1'] })).rejects.toThrow(
      /rede interna/,
    )
    await expect(outboundFetch(`http://localhost:${service.port}/feed.xml`)).rejects.toThrow(
      /^O endereço localhost \(.+\) é de uma rede interna/,
    )
    expect(service.requests).toEqual([])
  })

  test('the socket connects to the address that was checked: one look-up, no second', async () => {
    const asked: string[] = []
    const resolve = async (host: string) => (asked.push(host), ['127.0.0.1'])
    // '.invalid' never resolves in DNS: the answer can only come from the checked address.
    const response = await outboundFetch(`http://feed.invalid:${service.port}/feed.xml`, {
      allowPrivateHosts: true,
      resolve,
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('INTERNO-1')
    expect(asked).toEqual(['feed.invalid'])
    expect(service.requests).toEqual([{ path: '/feed.xml', host: `feed.invalid:${service.port}` }])
  })
})

test('the test switch is off unless set, and refused in production', () => {
  expect(parseEnv({}).FEED_PRIVATE_HOSTS).toBe(false)
  expect(parseEnv({ NODE_ENV: 'test', FEED_PRIVATE_HOSTS: 'true' }).FEED_PRIVATE_HOSTS).toBe(true)
  expect(() => parseEnv({ NODE_ENV: 'production', FEED_PRIVATE_HOSTS: 'true' })).toThrow(EnvError)
  expect(() => parseEnv({ NODE_ENV: 'production', FEED_PRIVATE_HOSTS: 'true' })).toThrow(/FEED_PRIVATE_HOSTS/)
})
