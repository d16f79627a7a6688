// React Router's <Scripts>, with the page's JavaScript fetched after the first paint (ADR 197).
//
// <Scripts> puts a modulepreload link per chunk and a module script in the page, so the phone
// starts fetching ≈ 150–200 KB of JavaScript while it still waits for the first photo: on slow
// 4G the scripts share the bandwidth with the picture the agent came to see. The page works
// before JavaScript (every form and link is plain HTML), so nothing needs the scripts before it
// is on screen. Here the hand-off (window.__reactRouterContext, which the streamed loader data
// writes into) runs at once, as in <Scripts>; the module script and its preloads are written by a
// small inline script at the first frame, or once the page's first photo has arrived. The module
// script's text is the one <Scripts> writes: the matched routes' modules, the part of the route
// manifest the page needs (React Router discovers the rest as links appear), then the client
// entry, which hydrates.
import { useContext, useEffect } from 'react'
import {
  matchRoutes,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  type DataRouter,
} from 'react-router'

type Manifest = {
  url: string
  sri?: unknown
  entry: { module: string; imports: string[] }
  routes: Record<
    string,
    | {
        module: string
        imports?: string[]
        clientActionModule?: string
        clientLoaderModule?: string
        clientMiddlewareModule?: string
        hydrateFallbackModule?: string
      }
    | undefined
  >
}

// Set once the app has hydrated: later renders (client navigations) write no scripts, as <Scripts>.
let hydrated = false

/** JSON for an inline script: no "</script>" or "<!--" can close or comment it. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

// The routes matching a parent path of the page, by path: a few hundred paths at most.
const parentRoutes = new Map<string, string[]>()

/** The route ids a parent path matches (memoised: matching walks every route of the app). */
function routeIdsAt(router: DataRouter, path: string): string[] {
  let ids = parentRoutes.get(path)
  if (!ids) {
    ids = (matchRoutes(router.routes, path, router.basename) ?? []).map((match) => match.route.id)
    if (parentRoutes.size >= 1000) parentRoutes.clear()
    parentRoutes.set(path, ids)
  }
  return ids
}

/**
 * The manifest the page starts with, as React Router's <Scripts> makes it: the matched routes and
 * those of every parent path ("/imoveis" for "/imoveis/novo"), so that going up needs no lookup.
 */
export function partialManifest(manifest: Manifest, router: DataRouter) {
  const ids = new Set(router.state.matches.map((match) => match.route.id))
  const segments = router.state.location.pathname.split('/').filter(Boolean)
  segments.pop()
  for (const path of ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)])
    for (const id of routeIdsAt(router, path)) ids.add(id)
  const { sri, ...rest } = manifest
  return { ...rest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])), sri: sri ? true : undefined }
}

/** What <Scripts> writes for these route ids: the module script's text and the files it needs. */
export function pageModules(manifest: Manifest, routeIds: string[], initialManifest: object | null) {
  // Without lazy route discovery, the whole manifest is a file of its own.
  const imports = initialManifest ? [] : [`import ${JSON.stringify(manifest.url)};`]
  const files = new Set([...(initialManifest ? [] : [manifest.url]), manifest.entry.module, ...manifest.entry.imports])
  const names: string[] = []
  routeIds.forEach((id, index) => {
    const route = manifest.routes[id]
    if (!route) throw new Error(`Route ${id} not found in manifest`)
    const name = `route${index}`
    const chunks = [
      route.clientActionModule && { module: route.clientActionModule, name: `${name}_clientAction` },
      route.clientLoaderModule && { module: route.clientLoaderModule, name: `${name}_clientLoader` },
      route.clientMiddlewareModule && { module: route.clientMiddlewareModule, name: `${name}_clientMiddleware` },
      route.hydrateFallbackModule && { module: route.hydrateFallbackModule, name: `${name}_HydrateFallback` },
    ].filter((chunk) => !!chunk)
    if (chunks.length === 0) imports.push(`import * as ${name} from ${JSON.stringify(route.module)};`)
    else {
      chunks.push({ module: route.module, name: `${name}_main` })
      for (const chunk of chunks) imports.push(`import * as ${chunk.name} from ${JSON.stringify(chunk.module)};`)
      imports.push(`const ${name} = {${chunks.map((chunk) => `...${chunk.name}`).join(',')}};`)
    }
    for (const file of [route.module, ...chunks.map((chunk) => chunk.module), ...(route.imports ?? [])]) files.add(file)
    names.push(`${JSON.stringify(id)}:${name}`)
  })
  const code = [
    ...imports,
    initialManifest ? `window.__reactRouterManifest = ${JSON.stringify(initialManifest)};` : '',
    `window.__reactRouterRouteModules = {${names.join(',')}};`,
    `import(${JSON.stringify(manifest.entry.module)});`,
  ]
    .filter(Boolean)
    .join('\n')
  return { code, files: [...files] }
}

/**
 * The inline script that writes the module script and its preloads once the page's largest paint
 * is on screen: the first one the browser reports (text), or, on a page whose first photo is
 * marked `fetchpriority="high"`, the photo's. The first frame is not enough: the browser reports a
 * paint when it is presented, which came 50–100 ms after the frame's animation callback, time
 * enough to fetch every script over a fast link. A photo that fails, or is not the largest paint,
 * starts them too; 3 s at most; a browser without the Largest Contentful Paint API (Safari) waits
 * for the photo, then a frame. The module script goes first; the preloads (which flatten its
 * import waterfall) follow four a task: twenty at once were one long task on a slow phone.
 */
export function loaderScript(modules: { code: string; files: string[] }) {
  return `(function(){var d=document,n=d.currentScript.nonce,f=${inlineJson(modules.files)},c=${inlineJson(modules.code)},g=0,i=d.querySelector('img[fetchpriority=high]'),P=window.PerformanceObserver,L=(P&&P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0;function go(){if(g)return;g=1;var s=d.createElement('script');s.type='module';s.nonce=n;s.textContent=c;d.body.appendChild(s);(function p(k){f.slice(k,k+4).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;l.nonce=n;d.head.appendChild(l)});if(k+4<f.length)setTimeout(p,0,k+4)})(0)}function frame(){requestAnimationFrame(function(){requestAnimationFrame(go)})}function loaded(){if(L)setTimeout(frame,100);else frame()}if(d.visibilityState==='hidden')return go();setTimeout(go,3000);if(i){if(i.complete)loaded();else{i.addEventListener('load',loaded);i.addEventListener('error',go)}}else if(!L)frame();if(L)new P(function(l,o){l.getEntries().forEach(function(e){if(!i||e.element===i){o.disconnect();setTimeout(go,0)}})}).observe({type:'largest-contentful-paint',buffered:true})})()`
}

const STREAM_SCRIPT =
  'window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());'

export function DeferredScripts({ nonce }: { nonce?: string }) {
  const framework = useContext(FrameworkContext)
  const router = useContext(DataRouterContext)
  const state = useContext(DataRouterStateContext)
  useEffect(() => {
    hydrated = true
  }, [])
  if (hydrated || !framework || !router || !state) return null
  // The streamed loader data is written only after the scripts (React Router's StreamTransfer).
  if (framework.renderMeta) framework.renderMeta.didRenderScripts = true
  let context = ''
  let loader = ''
  // Only the server writes the scripts' text (the browser keeps it): none of it is in the bundle.
  if (import.meta.env.SSR && router.static && framework.serverHandoffString) {
    context = `window.__reactRouterContext = ${framework.serverHandoffString};${STREAM_SCRIPT}`
    const manifest = framework.manifest as unknown as Manifest
    const ids = state.matches.map((match) => match.route.id)
    const lazy = framework.routeDiscovery.mode === 'lazy' && framework.ssr
    loader = loaderScript(pageModules(manifest, ids, lazy ? partialManifest(manifest, router.router) : null))
  }
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: context }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  )
}
