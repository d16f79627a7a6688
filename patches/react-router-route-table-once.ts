// React Router 7 rebuilds the server's route table on every document request: the route modules'
// map (createEntryRouteModules), the ~100 render routes (createServerRoutes, in ServerRouter) and
// their data routes (convertRoutesToDataRoutes, in createStaticRouter). All three are functions of
// the build alone, which does not change while the process runs. This Vite plugin edits React
// Router's production build as the server bundle takes it in (vite.config.ts bundles react-router
// into build/server): each is made once per build and reused. No file under node_modules changes
// (npm here runs no install scripts, and node_modules is shared). ADR 226 links the upstream issue.
// A React Router whose code no longer matches fails the build: read the ADR before upgrading.
import type { Plugin } from 'vite'

type Edit = { name: string; find: string; replace: string }

/** A memo keyed on one or two objects, weakly (the build's objects live as long as the process). */
const HELPER = `
const __vitrineRouteTables = new WeakMap();
function __vitrineOnce(first, second, make) {
  let inner = __vitrineRouteTables.get(first);
  if (!inner) __vitrineRouteTables.set(first, (inner = new WeakMap()));
  let made = inner.get(second);
  if (!made) inner.set(second, (made = { value: make() }));
  return made.value;
}
`

const EDITS: Edit[] = [
  {
    name: 'createEntryRouteModules once per build',
    find: 'routeModules: createEntryRouteModules(build.routes),',
    replace: 'routeModules: __vitrineOnce(build.routes, build.routes, () => createEntryRouteModules(build.routes)),',
  },
  {
    name: 'createServerRoutes once per build',
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = __vitrineOnce(manifest.routes, routeModules, () => createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  ));`,
  },
  {
    name: 'convertRoutesToDataRoutes once per route table',
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = __vitrineOnce(routes, routes, () => {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest);
    return { manifest, dataRoutes };
  });`,
  },
]

/** Applies the edits to React Router's production chunks; the server build fails if one is missing. */
export function reactRouterRouteTableOnce(): Plugin {
  const applied = new Set<string>()
  let ssr = false
  return {
    name: 'vitrine:react-router-route-table-once',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      ssr = !!config.build.ssr
    },
    transform(code, id) {
      if (!ssr || !/\/react-router\/dist\/production\/[^/]+\.mjs$/.test(id)) return null
      let edited = code
      for (const edit of EDITS) {
        if (!edited.includes(edit.find)) continue
        edited = edited.replace(edit.find, edit.replace)
        applied.add(edit.name)
      }
      return edited === code ? null : { code: `${edited}\n${HELPER}`, map: null }
    },
    buildEnd(error) {
      if (!ssr || error) return
      const missing = EDITS.filter((edit) => !applied.has(edit.name)).map((edit) => edit.name)
      if (missing.length > 0)
        this.error(`React Router's code changed; not applied: ${missing.join(', ')} (see ADR 226)`)
    },
  }
}
