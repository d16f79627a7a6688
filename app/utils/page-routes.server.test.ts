import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pageContext, pageRouteIds } from './page-routes.server'

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
})

const manifest = {
  entry: { module: '/assets/entry.js', imports: [] },
  url: '/assets/manifest.js',
  version: '1',
  routes: {
    root: route('root', undefined, ''),
    'routes/_guest': route('routes/_guest', 'root'),
    'routes/auth/login': route('routes/auth/login', 'routes/_guest', 'login'),
    'routes/_app': route('routes/_app', 'root'),
    'routes/dashboard': route('routes/dashboard', 'routes/_app', undefined, true),
    'routes/homes/list': route('routes/homes/list', 'routes/_app', 'imoveis'),
    'routes/homes/new': route('routes/homes/new', 'routes/_app', 'imoveis/novo'),
    'routes/homes/edit': route('routes/homes/edit', 'routes/_app', 'imoveis/:id'),
    'routes/homes/photos': route('routes/homes/photos', 'routes/_app', 'imoveis/:id/fotos'),
    'routes/templates/list': route('routes/templates/list', 'routes/_app', 'modelos'),
  },
}

/** The context React Router hands the entry for a page whose matches are these routes. */
function contextFor(pathname: string, matched: string[]) {
  return {
    manifest,
    staticHandlerContext: {
      basename: '/',
      location: { pathname, search: '', hash: '', state: null, key: 'default' },
      matches: matched.map((id) => ({ route: { id }, params: {}, pathname, pathnameBase: pathname })),
    },
  } as unknown as EntryContext
}

describe('the routes a page renders with', () => {
  it('are its matched routes, the routes of its parent paths and their layouts, in that order', () => {
    const ids = pageRouteIds(contextFor('/imoveis/4/fotos', ['root', 'routes/_app', 'routes/homes/photos']))
    expect([...ids]).toEqual([
      'root',
      'routes/_app',
      'routes/homes/photos',
      'routes/dashboard',
      'routes/homes/list',
      'routes/homes/edit',
    ])
  })

  it('leave out every other route', () => {
    const { manifest: cut } = pageContext(contextFor('/login', ['root', 'routes/_guest', 'routes/auth/login']))
    expect(Object.keys(cut.routes)).toEqual([
      'root',
      'routes/_guest',
      'routes/auth/login',
      'routes/_app',
      'routes/dashboard',
    ])
    expect(cut.routes['routes/auth/login']).toBe(manifest.routes['routes/auth/login'])
    expect(cut.entry).toBe(manifest.entry)
  })

  it('make one manifest per set of routes, kept for the next page of the same shape', () => {
    const first = pageContext(contextFor('/imoveis/4', ['root', 'routes/_app', 'routes/homes/edit']))
    const second = pageContext(contextFor('/imoveis/9', ['root', 'routes/_app', 'routes/homes/edit']))
    const other = pageContext(contextFor('/modelos', ['root', 'routes/_app', 'routes/templates/list']))
    expect(second.manifest).toBe(first.manifest)
    expect(other.manifest).not.toBe(first.manifest)
  })
})
