// The authorization matrix (ADR 142): every route of app/routes.ts × (anonymous, another user,
// the owner, the admin, and the owner's gestor and corretor: ADR 218), GET and POST, against the
// rows of authorization-matrix.rows.ts. Plain HTTP (no browser); a route without a row fails the first test.
import { ADMIN_USER, expect, test } from './fixtures'
import { baseURL } from '../../playwright.config'
import {
  AUTHORIZATION_MATRIX,
  expectedOf,
  PIECE_ACTIONS,
  PIECE_ORDER,
  ROLES,
  type Piece,
  type PieceAction,
  type Expected,
  type Fixtures,
  type Roles,
  type Row,
} from './authorization-matrix.rows'
import { buyPlan, joinTeam } from './support/team'
import { routeLeaves } from './support/route-map'
import { ownerFixtures } from './support/owner-fixtures'
import { anonymousAgent, createAccount, newSignedInAgent, signIn, type HttpAgent } from '../support/http-agent'

test.describe.configure({ mode: 'serial' })

const secret = () => process.env.E2E_AUTH_JWT_SECRET!
type Agents = Roles<HttpAgent> & Partial<Record<'gestor' | 'corretor', HttpAgent>>
let agents: Agents
let fixtures: Fixtures

test.beforeAll(async () => {
  const [owner, other, gestor, corretor] = [
    await newSignedInAgent(baseURL, secret(), 'dono'),
    await newSignedInAgent(baseURL, secret(), 'outro'),
    await newSignedInAgent(baseURL, secret(), 'gestor'),
    await newSignedInAgent(baseURL, secret(), 'corretor'),
  ]
  const admin = await signIn(baseURL, ADMIN_USER)
  // The owner's agency (ADR 218): a gestor and a corretor joined through their invite links.
  await buyPlan(owner)
  await joinTeam(owner, admin, gestor, 'gestor')
  await joinTeam(owner, admin, corretor, 'corretor')
  agents = { anonymous: anonymousAgent(baseURL), other, owner, admin, gestor, corretor }
  fixtures = await ownerFixtures(owner)
})

function matches(expected: Expected, response: Response): boolean {
  if (Array.isArray(expected)) return expected.some((one) => matches(one, response))
  const location = response.headers.get('location')
  const redirected = [301, 302, 303, 307, 308].includes(response.status) && location !== null
  if (expected === 'login')
    return redirected && new URL(location!, baseURL).pathname === '/login' && location!.includes('redirectTo=')
  if (typeof expected === 'string') return redirected && new URL(location!, baseURL).pathname === expected.slice(1)
  return response.status === expected
}

const describe = (response: Response) =>
  `${response.status}${response.headers.get('location') ? ` → ${response.headers.get('location')}` : ''}`

async function check(path: string, row: Row, roles: Agents): Promise<string[]> {
  const url = row.url?.(fixtures) ?? path
  const wrong: string[] = []
  for (const role of ROLES) {
    if (!roles[role]) continue
    if (row.get) {
      const expected = expectedOf(row.get, role)
      const response = await roles[role].fetch(url)
      if (!matches(expected, response))
        wrong.push(`GET ${url} as ${role}: expected ${JSON.stringify(expected)}, got ${describe(response)}`)
    }
    if (row.post) {
      const expected = expectedOf(row.post, role)
      const body = new URLSearchParams(row.post.body?.(fixtures) ?? {})
      const response = await roles[role].fetch(url, { method: 'POST', body })
      if (!matches(expected, response))
        wrong.push(`POST ${url} as ${role}: expected ${JSON.stringify(expected)}, got ${describe(response)}`)
      // A server error is never an authorization answer.
      expect(response.status, `POST ${url} as ${role}`).toBeLessThan(500)
    }
  }
  return wrong
}

test('every route of app/routes.ts has its row in the matrix, and every row a route', () => {
  const leaves = routeLeaves()
  const missing = leaves.filter((leaf) => !AUTHORIZATION_MATRIX[leaf.path]).map((leaf) => leaf.path)
  expect(missing, 'add these routes to tests/e2e/authorization-matrix.rows.ts').toEqual([])
  const stale = Object.keys(AUTHORIZATION_MATRIX).filter((path) => !leaves.some((leaf) => leaf.path === path))
  expect(stale, 'rows whose route is gone').toEqual([])
  const actionsWithoutPost = leaves
    .filter((leaf) => leaf.action && !AUTHORIZATION_MATRIX[leaf.path]!.post)
    .map((leaf) => leaf.path)
  expect(actionsWithoutPost, 'routes with an action need a post expectation').toEqual([])
})

for (const [path, row] of Object.entries(AUTHORIZATION_MATRIX)) {
  if (path === '/logout') continue
  test(`authorization of ${path}`, async () => {
    expect(await check(path, row, agents)).toEqual([])
  })
}

/** A piece of the owner's agency, made for the piece actions (ADR 236, 260). */
async function makePiece(action: PieceAction): Promise<Piece> {
  const maker = agents[action.maker]!
  const made = (response: Response, pattern: RegExp, what: string) => {
    const id = pattern.exec(response.headers.get('location') ?? '')?.[1]
    if (!id) throw new Error(`${what}: ${describe(response)}`)
    return Number(id)
  }
  if (action.piece === 'kit') {
    const response = await maker.fetch('/media-kits', {
      method: 'POST',
      body: new URLSearchParams({ home_id: String(fixtures.homeId) }),
    })
    return { id: made(response, /\/media-kits\/(\d+)/, 'media kit'), marker: '' }
  }
  if (action.piece === 'video') {
    const response = await maker.fetch(`/imoveis/${fixtures.homeId}/video`, {
      method: 'POST',
      body: new URLSearchParams([
        ['duration', '15'],
        ['photos', '0'],
        ['photos', '1'],
      ]),
    })
    return { id: made(response, /\/videos\/(\d+)/, 'video'), marker: '' }
  }
  // A lead of the owner's property, left through its public form by a visitor.
  const marker = `Lead da matriz ${Date.now().toString(36)}`
  const sent = await agents.anonymous.fetch(fixtures.listingPath, {
    method: 'POST',
    body: new URLSearchParams({ name: marker, phone: '11987654321', consent: 'on' }),
  })
  if (sent.status !== 200) throw new Error(`lead form: ${describe(sent)}`)
  const page = await (await maker.fetch('/leads')).text()
  const id = /name="id" value="(\d+)"/.exec(page)?.[1]
  if (!id) throw new Error('the new lead is not on /leads')
  return { id: Number(id), marker }
}

const pieces = new Map<string, Piece>()
for (const action of PIECE_ACTIONS) {
  test(`authorization of ${action.route}: ${action.what}`, async () => {
    expect(AUTHORIZATION_MATRIX[action.route], 'a route of the matrix').toBeDefined()
    const key = `${action.piece}:${action.maker}`
    const wrong: string[] = []
    for (const role of PIECE_ORDER) {
      let piece = pieces.get(key)
      if (!piece) pieces.set(key, (piece = await makePiece(action)))
      const { url, body } = action.request(piece)
      const response = await agents[role]!.fetch(
        url,
        body ? { method: 'POST', body: new URLSearchParams(body) } : undefined,
      )
      const expected = expectedOf(action.expected, role)
      const text = await response.text()
      if (!matches(expected, response))
        wrong.push(`${role}: expected ${JSON.stringify(expected)}, got ${describe(response)}`)
      const shows = action.shows?.[role]
      if (shows !== undefined && text.includes(piece.marker) !== shows)
        wrong.push(`${role}: ${shows ? 'should see' : 'sees'} ${piece.marker}`)
      expect(response.status, `${action.what} as ${role}`).toBeLessThan(500)
      const went = response.headers.get('location') ?? ''
      if (action.consumes && response.status >= 300 && response.status < 400 && !went.startsWith('/login'))
        pieces.delete(key)
    }
    expect(wrong).toEqual([])
  })
}

test('authorization of /logout (sessions of its own: signing out ends them)', async () => {
  const fresh = async () => ({
    anonymous: anonymousAgent(baseURL),
    other: await signIn(baseURL, await createAccount(baseURL, secret(), 'sair')),
    owner: await signIn(baseURL, await createAccount(baseURL, secret(), 'sair')),
    admin: await signIn(baseURL, ADMIN_USER),
  })
  const row = AUTHORIZATION_MATRIX['/logout']!
  expect(await check('/logout', { get: row.get }, await fresh())).toEqual([])
  const signingOut = await fresh()
  expect(await check('/logout', { get: null, post: row.post }, signingOut)).toEqual([])
  // The session is over: the old cookies open nothing.
  for (const role of ['other', 'owner', 'admin'] as const)
    expect(matches('login', await signingOut[role].fetch('/imoveis')), role).toBe(true)
})
