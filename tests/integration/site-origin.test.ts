// Absolute addresses come from APP_URL, else the address the server listens on, never from the
// request's Host header: a forged Host cannot plant its name in the sitemap (issue 66, ADR 290).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { homes } from '../../db/schema'
import { authBackendContext, dbContext, envContext } from '../../app/context'
import { savePublicPage } from '../../app/models/public-pages.server'
import { loader as sitemap } from '../../app/routes/public/sitemap'
import { loader as robots } from '../../app/routes/public/robots'
import type { AuthBackend } from '../../app/utils/auth.server'
import type { Env } from '../../app/env.server'
import { agentsOnDisk } from '../support/agents-on-disk'
import { jardinsApartment } from '../support/sample-home'

const agent = crypto.randomUUID()
let world: Awaited<ReturnType<typeof agentsOnDisk>>

beforeAll(async () => {
  world = await agentsOnDisk('site-origin', [agent])
  await world.handle.db.insert(homes).values(jardinsApartment(agent, { name: 'Ativo' }))
  await savePublicPage(world.handle.db, agent, { handle: 'ana-origem', noindex: false })
})
afterAll(() => world.close())

function contextFor(siteUrl: string, appUrl?: string) {
  const context = new RouterContextProvider()
  context.set(dbContext, world.handle.db)
  context.set(envContext, { APP_URL: appUrl } as Env)
  context.set(authBackendContext, { siteUrl } as AuthBackend)
  return context
}

const forged = () => new Request('http://forjado.example/sitemap.xml', { headers: { host: 'forjado.example' } })
type Args = Parameters<typeof sitemap>[0]

test.each([
  ['APP_URL', 'https://vitrine.example', 'https://vitrine.example'],
  ['the listening address', 'http://localhost:3000', undefined],
])('/sitemap.xml and /robots.txt asked with a forged Host name only %s', async (_, siteUrl, appUrl) => {
  const args = { request: forged(), context: contextFor(siteUrl, appUrl), params: {} } as unknown as Args
  const xml = await (await sitemap(args)).text()
  expect(xml).toContain(`${siteUrl}/`)
  expect(xml).not.toContain('forjado')
  const txt = await (await robots(args as never)).text()
  expect(txt).toContain(`${siteUrl}/sitemap.xml`)
  expect(txt).not.toContain('forjado')
})
