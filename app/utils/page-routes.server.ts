// The route table a page renders with (ADR 281). React Router's <ServerRouter> turns every route
// of its manifest into a route object for each page it renders (`createServerRoutes`, then
// `createStaticRouter`): about a hundred routes, for a page that renders three or four. It needs
// only the routes it renders, and the page's start-up manifest (lazy route discovery) holds only
// those and the routes of its parent paths ("/imoveis" for "/imoveis/novo"). So the entry hands
// it that part of the manifest: the matched routes, the parent paths' routes, and their layouts.
// The page's HTML is the same (`tests/integration/page-routes.test.ts`).
import { matchRoutes, type EntryContext, type RouteObject } from 'react-router'

type Manifest = EntryContext['manifest']
type ManifestRoutes = Manifest['routes']

type PageManifests = {
  /** The route ids of each parent path ("/", "/imoveis"): matching walks every route. */
  idsAt: Map<string, string[]>
  /** The cut manifest of each set of routes, one object per set (the scripts cache by it). */
  cut: Map<string, Manifest>
  /** The whole table as bare route objects, for matching only. */
  tree: RouteObject[]
}

/** A few hundred paths and page shapes per build at most; dropped wholesale past this. */
const MAX_KEPT = 1000

const byBuild = new WeakMap<ManifestRoutes, PageManifests>()

function pageManifestsOf(routes: ManifestRoutes): PageManifests {
  let kept = byBuild.get(routes)
  if (!kept) byBuild.set(routes, (kept = { idsAt: new Map(), cut: new Map(), tree: treeOf(routes) }))
  return kept
}

/** The manifest's routes as the nested objects `matchRoutes` walks (ids and paths only). */
function treeOf(routes: ManifestRoutes): RouteObject[] {
  const children = new Map<string, RouteObject[]>()
  for (const route of Object.values(routes)) {
    if (!route) continue
    const node: RouteObject = route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] }
    const parent = route.parentId ?? ''
    const siblings = children.get(parent)
    if (siblings) siblings.push(node)
    else children.set(parent, [node])
  }
  const attach = (nodes: RouteObject[]): RouteObject[] => {
    for (const node of nodes) if (!node.index) node.children = attach(children.get(node.id!) ?? [])
    return nodes
  }
  return attach(children.get('') ?? [])
}

function remember<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= MAX_KEPT) map.clear()
  map.set(key, value)
  return value
}

/** "/a/b/c" → "/", "/a", "/a/b": the paths React Router's start-up manifest covers. */
function parentPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean)
  segments.pop()
  return ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)]
}

/** The ids of the routes this page renders and of its parent paths, with every layout above them. */
export function pageRouteIds(context: EntryContext): Set<string> {
  const routes = context.manifest.routes
  const kept = pageManifestsOf(routes)
  const ids = new Set(context.staticHandlerContext.matches.map((match) => match.route.id))
  for (const path of parentPaths(context.staticHandlerContext.location.pathname)) {
    const at =
      kept.idsAt.get(path) ??
      remember(
        kept.idsAt,
        path,
        (matchRoutes(kept.tree, path, context.staticHandlerContext.basename) ?? []).map((match) => match.route.id!),
      )
    for (const id of at) ids.add(id)
  }
  for (const id of [...ids]) {
    let parentId = routes[id]?.parentId
    while (parentId && !ids.has(parentId)) {
      ids.add(parentId)
      parentId = routes[parentId]?.parentId
    }
  }
  return ids
}

/** The router's context with its manifest cut to this page's routes (the same object for the same routes). */
export function pageContext(context: EntryContext): EntryContext {
  const routes = context.manifest.routes
  const ids = pageRouteIds(context)
  const kept = pageManifestsOf(routes)
  const key = [...ids].sort().join(' ')
  const manifest =
    kept.cut.get(key) ??
    remember(kept.cut, key, {
      ...context.manifest,
      // In <Scripts>' order: the matched routes, then each parent path's.
      routes: Object.fromEntries([...ids].map((id) => [id, routes[id]])),
    })
  return { ...context, manifest }
}
