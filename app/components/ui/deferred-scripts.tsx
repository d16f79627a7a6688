// React Router's <Scripts>, with the page's JavaScript fetched after the first paint (ADR 197).
//
// <Scripts> puts a modulepreload link per chunk and a module script in the page, so the phone
// starts fetching ≈ 150–200 KB of JavaScript while it still waits for the first photo: on slow
// 4G the scripts share the bandwidth with the picture the agent came to see. The page works
// before JavaScript (every form and link is plain HTML), so nothing needs the scripts before it
// is on screen. Here the hand-off (window.__reactRouterContext, which the streamed loader data
// writes into) runs at once, as in <Scripts>; the module script and its preloads are written by a
// small inline script once the page's largest paint is on screen. The module script's text is
// the one <Scripts> writes: the matched routes' modules, the part of the route manifest the page
// needs (React Router discovers the rest as links appear), then the client entry, which hydrates.
import { useContext, useEffect } from 'react'
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
} from 'react-router'

type Manifest = {
  sri?: unknown
  entry: { module: string; imports: string[] }
  routes: Record<string, { module: string; imports?: string[]; clientLoaderModule?: string } | undefined>
}

// Set once the app has hydrated: later renders (client navigations) write no scripts, as <Scripts>.
let hydrated = false

/** JSON for an inline script: no "</script>" or "<!--" can close or comment it. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The manifest the page starts with, as React Router's <Scripts> makes it: the matched routes and
 * those of every parent path ("/imoveis" for "/imoveis/novo"), so that going up needs no lookup.
 * The entry gives the router only those routes (app/utils/page-routes.server.ts, ADR 281): the
 * manifest here is already that part.
 */
function partialManifest(manifest: Manifest) {
  const { sri, ...rest } = manifest
  return { ...rest, sri: sri ? true : undefined }
}

/**
 * What <Scripts> writes for these route ids with lazy route discovery (React Router's default)
 * and whole route modules (no `v8_splitRouteModules`): the module script's text and the files it
 * needs.
 */
function pageModules(manifest: Manifest, routeIds: string[], initialManifest: object) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  const imports = routeIds.map((id, index) => {
    const route = manifest.routes[id]
    if (!route) throw new Error(`Route ${id} not found in manifest`)
    if (route.clientLoaderModule) throw new Error('DeferredScripts does not write split route modules')
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file)
    return `import * as route${index} from ${JSON.stringify(route.module)};`
  })
  const code = [
    ...imports,
    `window.__reactRouterManifest = ${JSON.stringify(initialManifest)};`,
    `window.__reactRouterRouteModules = {${routeIds.map((id, index) => `${JSON.stringify(id)}:route${index}`).join(',')}};`,
    `import(${JSON.stringify(manifest.entry.module)});`,
  ].join('\n')
  return { code, files: [...files] }
}

/**
 * Runs in the page (as text: it reaches for nothing outside itself). Writes the module script,
 * then its preloads (which flatten its import waterfall) four a task — twenty at once were one
 * long task on a slow phone — once the page's largest paint is on screen: the first one the
 * browser reports (text), or, on a page whose first photo is marked `fetchpriority="high"`, the
 * photo's. The first frame is not enough: the browser reports a paint as presented, 50–100 ms
 * after the frame's animation callback, time enough to fetch every script over a fast link. A
 * photo that fails, or that is not the largest paint, starts them too; 3 s at most. A browser
 * without the Largest Contentful Paint API (Safari) waits for the photo, then two frames.
 */
function loadPageScripts(files: string[], code: string) {
  const nonce = (document.currentScript as HTMLScriptElement).nonce
  const photo = document.querySelector<HTMLImageElement>('img[fetchpriority=high]')
  const reportsPaint = (window.PerformanceObserver?.supportedEntryTypes ?? []).includes('largest-contentful-paint')
  let started = false
  const start = () => {
    if (started) return
    started = true
    const script = document.createElement('script')
    script.type = 'module'
    script.nonce = nonce
    script.textContent = code
    document.body.appendChild(script)
    const preload = (from: number) => {
      for (const href of files.slice(from, from + 4)) {
        const link = document.createElement('link')
        link.rel = 'modulepreload'
        link.href = href
        link.nonce = nonce
        document.head.appendChild(link)
      }
      if (from + 4 < files.length) setTimeout(preload, 0, from + 4)
    }
    preload(0)
  }
  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(start))
  const photoLoaded = () => (reportsPaint ? setTimeout(afterTwoFrames, 100) : afterTwoFrames())
  if (document.visibilityState === 'hidden') return start()
  setTimeout(start, 3000)
  if (photo?.complete) photoLoaded()
  else if (photo) {
    photo.addEventListener('load', photoLoaded)
    photo.addEventListener('error', start)
  } else if (!reportsPaint) afterTwoFrames()
  if (reportsPaint)
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => !photo || (entry as LargestContentfulPaint).element === photo)) {
        observer.disconnect()
        setTimeout(start, 0)
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
}

const LOAD_PAGE_SCRIPTS = loadPageScripts.toString()

// The loader script per page shape (the entry's cut manifest, one object per set of routes) and
// matched routes. A few hundred at most; made once each instead of at every render.
const loaderScripts = new WeakMap<Manifest, Map<string, string>>()

/** The loader script of a page (see `loaderScript`), remembered per manifest and matched routes. */
function pageLoaderScript(manifest: Manifest, ids: string[]) {
  let scripts = loaderScripts.get(manifest)
  if (!scripts) loaderScripts.set(manifest, (scripts = new Map()))
  const key = ids.join(' ')
  let script = scripts.get(key)
  if (script === undefined) {
    script = loaderScript(pageModules(manifest, ids, partialManifest(manifest)))
    if (scripts.size >= 1000) scripts.clear()
    scripts.set(key, script)
  }
  return script
}

/** The inline script that calls `loadPageScripts` with this page's files and module script. */
function loaderScript(modules: { code: string; files: string[] }) {
  return `(${LOAD_PAGE_SCRIPTS})(${inlineJson(modules.files)},${inlineJson(modules.code)})`
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
    if (framework.routeDiscovery.mode !== 'lazy')
      throw new Error('DeferredScripts writes the partial manifest of lazy route discovery')
    loader = pageLoaderScript(manifest, ids)
  }
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: context }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  )
}
