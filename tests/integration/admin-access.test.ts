// Every admin route and every admin action refuses a signed-in non-admin with 403. The list is
// read from app/routes.ts, so a route added under /admin is checked without editing this file:
// it must sit under the admin layout (whose middleware asks for the role), and its own loader
// and action must refuse too.
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import routes from '../../app/routes'
import { userContext, type SessionUser } from '../../app/context'

type Entry = { id?: string; path?: string; file: string; index?: boolean; children?: Entry[] }

const adminLayout = (routes as Entry[]).find((entry) => entry.path === 'admin')

/** Every route below the admin layout, with its full path. */
function adminRoutes(): Array<{ path: string; file: string }> {
  const out: Array<{ path: string; file: string }> = []
  const walk = (entries: Entry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.index ? prefix : [prefix, entry.path].filter(Boolean).join('/')
      out.push({ path, file: entry.file })
      if (entry.children) walk(entry.children, path)
    }
  }
  walk(adminLayout?.children ?? [], '/admin')
  return out
}

const modules = import.meta.glob('../../app/routes/admin/*.tsx')
const load = (file: string) => modules[`../../app/${file}`]!() as Promise<Record<string, unknown>>

const memberId = crypto.randomUUID()
const member: SessionUser = {
  id: memberId,
  email: 'ana@example.com',
  full_name: 'Ana',
  role: 'user',
  accountId: memberId,
  accountRole: 'owner',
}

function contextOf(user: SessionUser) {
  const context = new RouterContextProvider()
  context.set(userContext, user)
  return context
}

/** The status of what a loader, action or middleware threw (a data() or a Response). */
async function thrownStatus(run: () => unknown): Promise<number | null> {
  try {
    await run()
    return null
  } catch (error) {
    if (error instanceof Response) return error.status
    const init = (error as { init?: ResponseInit })?.init
    return init?.status ?? -1
  }
}

test('no route outside the admin layout has a path under /admin', () => {
  const stray = JSON.stringify(routes).match(/"path":"admin\//g)
  expect(stray).toBeNull()
  expect(adminLayout?.file).toBe('routes/admin/layout.tsx')
  expect(adminRoutes().map((route) => route.path)).toEqual(
    expect.arrayContaining([
      '/admin',
      '/admin/templates',
      '/admin/templates/:id',
      '/admin/usuarios',
      '/admin/usuarios/:id',
    ]),
  )
})

test('the admin layout answers 403 to a signed-in non-admin, for pages and posts alike', async () => {
  const layout = await import('../../app/routes/admin/layout')
  for (const method of ['GET', 'POST']) {
    const request = new Request('http://localhost/admin/templates', { method })
    const status = await thrownStatus(() =>
      layout.middleware[0]!(
        { request, context: contextOf(member), params: {}, unstable_pattern: '' } as never,
        async () => new Response(),
      ),
    )
    expect(status).toBe(403)
  }
})

test.each(adminRoutes())('$path refuses a non-admin in its loader and its action', async ({ path, file }) => {
  expect(file.startsWith('routes/admin/')).toBe(true)
  const module = await load(file)
  const url = `http://localhost${path.replace(/:id/g, path.includes('usuarios') ? crypto.randomUUID() : '1')}`
  const params = { id: path.includes('usuarios') ? crypto.randomUUID() : '1' }
  for (const name of ['loader', 'action'] as const) {
    const handler = module[name] as ((args: unknown) => unknown) | undefined
    if (!handler) continue
    const request = new Request(url, {
      method: name === 'loader' ? 'GET' : 'POST',
      body: name === 'action' ? new FormData() : undefined,
    })
    expect(
      await thrownStatus(() => handler({ request, context: contextOf(member), params })),
      `${name} of ${path}`,
    ).toBe(403)
  }
})
