// The form fuzzer (ADR 142): random and hostile values posted to every form action of
// app/routes.ts — 1 MB strings, unicode, right-to-left text, HTML and script, SQL, wrong types,
// missing and duplicated fields, malformed multipart. Never a 500; a refusal is a 400 in pt-BR;
// nothing is half-written (property count, and the edited property keeps its name and photo).
// On a server of its own (rate limits off), so the failed sign-ins do not touch other specs.
import http from 'node:http'
import fc from 'fast-check'
import { expect, test } from './fixtures'
import { AUTHORIZATION_MATRIX, type Fixtures } from './authorization-matrix.rows'
import { startAppServer, type AppServer } from './support/app-server'
import { ownerFixtures } from './support/owner-fixtures'
import { routeLeaves } from './support/route-map'
import { anonymousAgent, homeIds, newSignedInAgent, type HttpAgent } from '../support/http-agent'

test.describe.configure({ mode: 'serial' })
test.setTimeout(240_000)

const SECRET = `fuzz-secret-${process.pid}-${Date.now()}`
// Sign-out ends the session; the auth API speaks JSON (its own tests); '/*' answers 404 to all.
const SKIPPED = new Set(['/logout', '/auth/v1/*', '/*'])

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1; DROP TABLE homes; --",
  '\u202Egnp.exe',
  'مرحبا بالعالم שלום',
  '𝓥𝓲𝓽𝓻𝓲𝓷𝓮 👩🏽‍💼🏠',
  '\u0000\u0001\u0007',
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999999999',
  '2026-02-30',
  '{"$gt":""}',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  '',
  ' ',
]

const value = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer().map(String),
  fc.double().map(String),
)

let server: AppServer
let owner: HttpAgent
let fixtures: Fixtures
let fieldsByPath: Map<string, string[]>

const formLeaves = () => routeLeaves().filter((leaf) => leaf.action && !SKIPPED.has(leaf.path))
const urlOf = (path: string) => AUTHORIZATION_MATRIX[path]?.url?.(fixtures) ?? path
/** Guest-only forms are posted without a session; everything else as the signed-in owner. */
const agentFor = (path: string) =>
  AUTHORIZATION_MATRIX[path]?.post?.owner === '→/' ? anonymousAgent(server.url) : owner

async function fieldNames(agent: HttpAgent, url: string): Promise<string[]> {
  const response = await agent.fetch(url)
  if (!response.headers.get('content-type')?.includes('text/html')) return []
  const html = await response.text()
  return [...new Set([...html.matchAll(/\sname="([^"]+)"/g)].map((m) => m[1]!))].filter(
    (name) => !/^(viewport|description|og:|twitter:)/.test(name),
  )
}

test.beforeAll(async () => {
  server = await startAppServer({ AUTH_JWT_SECRET: SECRET, TEST_TEMPLATES: 'true' })
  owner = await newSignedInAgent(server.url, SECRET, 'fuzz')
  fixtures = await ownerFixtures(owner)
  fieldsByPath = new Map()
  for (const leaf of formLeaves()) fieldsByPath.set(leaf.path, await fieldNames(agentFor(leaf.path), urlOf(leaf.path)))
})
test.afterAll(async () => server?.stop())

/** The checks every answer passes, whatever was sent. */
async function expectSafeAnswer(response: Response, what: string) {
  const body = await response.text()
  expect(response.status, `${what}: ${body.slice(0, 300)}`).toBeLessThan(500)
  expect(body, what).not.toContain('<script>alert(1)</script>')
  expect(body, what).not.toContain('<img src=x onerror=alert(1)>')
  if (response.status === 400 && response.headers.get('content-type')?.includes('text/html'))
    expect(body, `${what}: a 400 page in pt-BR`).toContain('lang="pt-BR"')
  if (response.status === 400 && !response.headers.get('content-type')?.includes('text/html'))
    expect(body, `${what}: no English framework message`).not.toMatch(/Bad Request|Unexpected Server Error|stack/i)
}

function bodyOf(entries: [string, string][], multipart: boolean): BodyInit {
  if (!multipart) return new URLSearchParams(entries)
  const form = new FormData()
  for (const [name, text] of entries) form.append(name, text)
  return form
}

const entriesFor = (names: string[]) =>
  fc
    .tuple(
      fc.subarray(names),
      fc.array(fc.tuple(fc.constantFrom(...names, '_intent', 'intent', 'x'), value), { maxLength: 6 }),
      fc.array(value, { minLength: names.length, maxLength: names.length }),
      fc.boolean(),
    )
    .map(([kept, extra, values, multipart]) => ({
      // Missing fields (a subset), random values, then duplicated and unknown fields.
      entries: [...kept.map((name) => [name, values[names.indexOf(name)] ?? ''] as [string, string]), ...extra],
      multipart,
    }))

const homesCount = async () => (await homeIds(owner)).length

for (const path of [
  ...new Set(
    routeLeaves()
      .filter((l) => l.action && !SKIPPED.has(l.path))
      .map((l) => l.path),
  ),
]) {
  test(`fuzzing the form of ${path}`, async () => {
    const agent = agentFor(path)
    const url = urlOf(path)
    const names = fieldsByPath.get(path)?.length ? fieldsByPath.get(path)! : ['name', 'email', 'value']
    const before = await homesCount()
    let created = 0
    await fc.assert(
      fc.asyncProperty(entriesFor(names), async ({ entries, multipart }) => {
        const response = await agent.fetch(url, { method: 'POST', body: bodyOf(entries, multipart) })
        if (path === '/imoveis/novo' && response.status === 302) created += 1
        await expectSafeAnswer(response, `POST ${url}`)
      }),
      { numRuns: 12, endOnFailure: true },
    )
    await postFixedHostileCases(agent, url, names)
    if (path === '/imoveis/novo') expect(await homesCount()).toBe(before + created)
  })
}

async function postFixedHostileCases(agent: HttpAgent, url: string, names: string[]) {
  const cases: [string, RequestInit][] = [
    [
      'every field twice',
      {
        body: bodyOf(
          [...names, ...names].map((n) => [n, HOSTILE[0]!]),
          false,
        ),
      },
    ],
    ['no fields at all', { body: new URLSearchParams() }],
    [
      'malformed multipart',
      {
        body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nsem fim',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      },
    ],
    ['multipart with no boundary', { body: 'a=1', headers: { 'content-type': 'multipart/form-data' } }],
    ['JSON where a form is expected', { body: '{"name":', headers: { 'content-type': 'application/json' } }],
    [
      'an unknown content type',
      { body: new Uint8Array([0, 255, 1, 254]), headers: { 'content-type': 'application/x-binario' } },
    ],
  ]
  for (const [what, init] of cases)
    await expectSafeAnswer(await agent.fetch(url, { method: 'POST', ...init }), `${what} → ${url}`)
  const huge = await postOnItsOwnConnection(
    agent,
    url,
    bodyOf(
      names.map((n) => [n, 'ã'.repeat(512 * 1024)]),
      true,
    ),
  )
  if (huge) await expectSafeAnswer(huge, `1 MB in every field → ${url}`)
  // A route that refuses a large body before reading it (413) may close the connection while
  // the 1 MB is still being sent: acceptable, as long as the server is still up.
  else expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
}

/** A POST on a connection of its own (a reset one must not be reused by the next request). */
async function postOnItsOwnConnection(agent: HttpAgent, url: string, body: BodyInit): Promise<Response | null> {
  const encoded = new Response(body)
  const bytes = Buffer.from(await encoded.arrayBuffer())
  const headers = {
    'content-type': encoded.headers.get('content-type')!,
    'content-length': String(bytes.length),
    cookie: agent.cookie,
    origin: agent.base,
  }
  return new Promise((resolve) => {
    const request = http.request(`${agent.base}${url}`, { method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve(
          new Response(Buffer.concat(chunks), {
            status: res.statusCode!,
            headers: res.headers as Record<string, string>,
          }),
        ),
      )
      res.on('error', () => resolve(null))
    })
    request.on('error', () => resolve(null))
    request.end(bytes)
  })
}

test('a failed edit writes nothing: the property keeps its name and its photo', async () => {
  const url = `/imoveis/${fixtures.homeId}`
  const original = await (await owner.fetch(url)).text()
  expect(original).toContain(fixtures.uploadKey)
  await fc.assert(
    fc.asyncProperty(entriesFor(fieldsByPath.get('/imoveis/:id')!), async ({ entries, multipart }) => {
      // Never valid: the name is always replaced by an empty one.
      const hostile = [...entries.filter(([name]) => name !== 'name'), ['name', ''] as [string, string]]
      const response = await owner.fetch(url, { method: 'POST', body: bodyOf(hostile, multipart) })
      expect(response.status).toBe(400)
    }),
    { numRuns: 15, endOnFailure: true },
  )
  const after = await (await owner.fetch(url)).text()
  expect(after).toContain('Casa da matriz de acesso')
  expect(after).toContain(fixtures.uploadKey)
})
