// The server build's edits of React Router (ADR 226, 233), run as the server runs them: React
// Router's production code with the edits, serving data requests through createRequestHandler.
// A loader gets the request as it came when its URL has no query, and React Router's own clone,
// without `index` and `_routes`, when it has one.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as ReactRouter from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { missingEdits, patchReactRouterChunk } from '../../patches/react-router-route-table-once'

const require = createRequire(import.meta.url)
const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production')
// Written under node_modules so that the chunks' bare imports (react, cookie) resolve.
const dir = fs.mkdtempSync(path.join(process.cwd(), 'node_modules/.vitrine-react-router-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

type Handler = (request: Request, context?: unknown) => Promise<Response>
let handle: Handler
const seen: Request[] = []

beforeAll(async () => {
  const applied = new Set<string>()
  for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.mjs'))) {
    const code = fs.readFileSync(path.join(dist, file), 'utf8')
    fs.writeFileSync(path.join(dir, file), patchReactRouterChunk(code, applied) ?? code)
  }
  expect(missingEdits(applied)).toEqual([])
  const { createRequestHandler, RouterContextProvider } = (await import(
    pathToFileURL(path.join(dir, 'index.mjs')).href
  )) as typeof ReactRouter
  const loader = ({ request }: { request: Request }) => {
    seen.push(request)
    return { url: request.url }
  }
  const build = {
    routes: {
      root: { id: 'root', path: '', module: { default: () => null, loader } },
      'routes/imoveis': {
        id: 'routes/imoveis',
        parentId: 'root',
        path: 'imoveis',
        module: { default: () => null, loader },
      },
    },
    entry: { module: { default: () => new Response('documento') } },
    assets: { routes: {}, url: '/manifest.js', version: '1', entry: { module: '/entry.js', imports: [] } },
    future: { v8_middleware: true },
    publicPath: '/',
    assetsBuildDirectory: dir,
    isSpaMode: false,
    prerender: [],
    ssr: true,
    basename: '/',
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  }
  const handler = createRequestHandler(build as never, 'production')
  handle = (request) => handler(request, new RouterContextProvider())
})

describe("a loader's request", () => {
  it('is the request as it came when the URL has no query', async () => {
    seen.length = 0
    const request = new Request('http://vitrine.test/imoveis.data')
    const response = await handle(request)
    expect(response.status).toBe(200)
    // React Router's data request drops `.data` (a Request of its own); the loaders get that one, not clones of it.
    expect(seen).toHaveLength(2)
    expect(seen[0]).toBe(seen[1])
    expect(seen[0]!.url).toBe('http://vitrine.test/imoveis')
  })

  it("has React Router's own parameters taken out when the URL has a query", async () => {
    seen.length = 0
    await handle(new Request('http://vitrine.test/imoveis.data?q=casa%20verde&_routes=routes%2Fimoveis&index'))
    expect(seen).toHaveLength(1)
    const url = new URL(seen[0]!.url)
    expect(url.pathname).toBe('/imoveis')
    expect([...url.searchParams]).toEqual([['q', 'casa verde']])
  })
})

it('a React Router whose handler call changed fails the build', () => {
  const chunk = fs
    .readdirSync(dist)
    .find((name) => fs.readFileSync(path.join(dist, name), 'utf8').includes('function callRouteHandler('))!
  const code = fs
    .readFileSync(path.join(dist, chunk), 'utf8')
    .replace('stripRoutesParam(stripIndexParam(args.request))', 'args.request')
  const applied = new Set<string>()
  patchReactRouterChunk(code, applied)
  expect(missingEdits(applied)).toContain('a handler request cloned only when its URL has a query')
})
