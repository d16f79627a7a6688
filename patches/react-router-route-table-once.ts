// React Router 7 rebuilds the server's route table on every document request: the route modules'
// map (createEntryRouteModules), the ~100 render routes (createServerRoutes, in ServerRouter) and
// their data routes (convertRoutesToDataRoutes, in createStaticRouter), and it matches a path
// against the whole table three times per request (matchRoutesImpl, remembered per path here). All are functions of
// the build alone, which does not change while the process runs. This Vite plugin edits React
// Router's production build as the server bundle takes it in (vite.config.ts bundles react-router
// into build/server): each is made once per build and reused. No file under node_modules changes
// (npm here runs no install scripts, and node_modules is shared). ADR 226 links the upstream issue.
// The same edit carries two per-request shortcuts: Link's server fast path (ADR 229, 232) and a
// handler's request passed as it came when its URL has no query (ADR 233).
// A React Router whose code no longer matches fails the build: read the ADR before upgrading.
import type { Plugin } from 'vite'
import { serverBuildEdit } from './server-build-edit'

/** `helper`: code the replacement calls, appended to the chunk it lands in. */
type Edit = { name: string; find: string; replace: string; helper?: string }

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

/**
 * A loader's or action's request: React Router takes its `index` and `_routes` parameters out by
 * parsing the URL twice and building two new Requests (and their AbortSignals), per handler. A URL
 * without a query has nothing to take out, and its clone would equal it: it is passed as it came.
 */
const REQUEST_HELPER = `
function __vitrineHandlerRequest(request) {
  if (request.url.indexOf("?") === -1) return request;
  return stripRoutesParam(stripIndexParam(request));
}
`

/**
 * Link's server fast path: the <a> Link would render for a plain absolute path (attributes in
 * Link's order: the others, then href, ref, target, data-discover); anything else goes to Link.
 */
const LINK_HELPER = `
var __vitrineLinkOnly = new Set(["onClick", "discover", "prefetch", "relative", "reloadDocument", "replace", "mask", "state", "target", "to", "preventScrollReset", "viewTransition", "defaultShouldRevalidate"]);
function __vitrineFastLink(LinkWithRef) {
  return function LinkWithRefFast(props, forwardedRef) {
    let to = props.to;
    if (typeof to === "string" && !props.relative && !props.reloadDocument && !props.mask && props.prefetch !== "render" && /^\\/(?!\\/)/.test(to) && !/\\/\\.|\\/\\/|[?#]$/.test(to)) {
      let { basename } = React10.useContext(NavigationContext);
      if (basename === "/") {
        let anchor = {};
        for (let key in props) if (!__vitrineLinkOnly.has(key)) anchor[key] = props[key];
        anchor.href = to;
        anchor.ref = forwardedRef;
        anchor.target = props.target;
        anchor["data-discover"] = (props.discover === void 0 ? "render" : props.discover) === "render" ? "true" : void 0;
        return React10.createElement("a", anchor);
      }
    }
    return LinkWithRef(props, forwardedRef);
  };
}
`

/** Matching remembered per route table and path (the edit below renames React Router's own). */
const MATCH_HELPER = `
const __vitrineMatches = new WeakMap();
function matchRoutesImpl(routes2, locationArg, basename, allowPartial, precomputedBranches) {
  let path = typeof locationArg === "string" ? locationArg : locationArg.pathname || "/";
  let byPath = __vitrineMatches.get(routes2);
  if (!byPath) __vitrineMatches.set(routes2, (byPath = new Map()));
  let key = basename + "\u0000" + (allowPartial ? 1 : 0) + "\u0000" + path;
  let matches = byPath.get(key);
  if (matches === undefined) {
    matches = __vitrineMatchRoutesImpl(routes2, locationArg, basename, allowPartial, precomputedBranches);
    if (byPath.size >= 2000) byPath.clear();
    byPath.set(key, matches);
  }
  // Callers reassign a match's route (Object.assign): each gets objects of its own, as when matched.
  return matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
}
`

const EDITS: Edit[] = [
  {
    // Two handlers per signed-in page (the root's and the page's): four Requests and four URL
    // parses for a page without a query string.
    name: 'a handler request cloned only when its URL has a query',
    find: 'request: future.v8_passThroughRequests ? args.request : stripRoutesParam(stripIndexParam(args.request)),',
    replace: 'request: future.v8_passThroughRequests ? args.request : __vitrineHandlerRequest(args.request),',
    helper: REQUEST_HELPER,
  },
  {
    // A <Link> to an absolute path ("/imoveis/12") renders the <a> it would have, without
    // resolving the path against the matched routes: on the server its hooks' other work (click
    // handler, prefetch ref) never reaches the HTML. A list page has ~50 links. The check comes
    // before Link's own parameters are taken apart (14 names and a rest copy per link).
    name: 'Link to an absolute path rendered directly on the server',
    find: `var Link = React10.forwardRef(
  function LinkWithRef({`,
    replace: `var Link = React10.forwardRef(__vitrineFastLink(
  function LinkWithRef({`,
    helper: LINK_HELPER,
  },
  {
    name: 'Link to an absolute path: the wrapper closed',
    find: `
);
Link.displayName = "Link";`,
    replace: `
));
Link.displayName = "Link";`,
  },
  {
    // Matching walks every branch of the ~100-route table, three times per document request
    // (the server's routes, the static handler's query, the render): remembered per path.
    name: 'matchRoutesImpl once per path',
    find: 'function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {',
    replace: 'function __vitrineMatchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {',
    helper: MATCH_HELPER,
  },
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

/**
 * One of React Router's production chunks with the edits that apply to it (`applied` collects
 * their names: the edits are spread over its chunks), or null when none does.
 */
export function patchReactRouterChunk(code: string, applied: Set<string>): string | null {
  let edited = code
  const helpers = new Set<string>()
  for (const edit of EDITS) {
    if (!edited.includes(edit.find)) continue
    edited = edited.replace(edit.find, edit.replace)
    applied.add(edit.name)
    if (edit.helper) helpers.add(edit.helper)
  }
  if (edited === code) return null
  return `${edited}\n${HELPER}${[...helpers].join('')}`
}

/** The edits not applied to any chunk: the build fails on one. */
export const missingEdits = (applied: Set<string>) =>
  EDITS.filter((edit) => !applied.has(edit.name)).map((edit) => edit.name)

/** Applies the edits to React Router's production chunks; the server build fails if one is missing. */
export function reactRouterRouteTableOnce(): Plugin {
  const applied = new Set<string>()
  return serverBuildEdit({
    name: 'vitrine:react-router-route-table-once',
    modules: /\/react-router\/dist\/production\/[^/]+\.mjs$/,
    edit: (code) => patchReactRouterChunk(code, applied),
    missing() {
      const missing = missingEdits(applied)
      return missing.length > 0 ? `React Router's code changed; not applied: ${missing.join(', ')} (see ADR 226)` : null
    },
  })
}
