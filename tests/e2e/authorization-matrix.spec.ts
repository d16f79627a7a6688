// The authorization matrix (issue 20): every route of app/routes.ts × (anonymous, another user,
// the owner, the admin, and the owner's gestor and corretor: issue 38), GET and POST, against the rows of authorization-matrix.rows.ts. Plain
// HTTP (no browser); a route without a row fails the first test.
import { ADMIN_USER, expect, test } from './fixtures'
import { baseURL } from '../../playwright.config'
import {
  AUTHORIZATION_MATRIX,
  expectedOf,
  ROLES,
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
  // The owner's agency (issue 38): a gestor and a corretor joined through their invite links.
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
