// One browser context and page per worker, handed from test to test while the tests leave them
// as they found them (ADR 207). A new context per test meant a new renderer process per test, whose
// every script V8 compiled from nothing: ≈ 1 s of machine CPU before a signed-out page had hydrated.
// The kept page waits between tests on a page of the same site (/healthz), so the next test's first
// page stays in the warm renderer: ≈ 0.35 s. (Playwright's own `reuseContext` parks the page on
// about:blank, which starts a new renderer anyway.)
//
// Between two tests the cookies, localStorage, sessionStorage, IndexedDB, Cache Storage and
// service workers are cleared, other tabs closed and the viewport put back. A test that changes
// what such a reset cannot undo (an init script, an exposed function, offline, routes, headers,
// the clock, emulated media), that fails, that closes its page, or whose page went to another
// origin (a second server keeps its own storage) gets its
// context closed: the next test starts a new one.
import type { Browser, BrowserContext, Page, ViewportSize } from '@playwright/test'

type Kept = { context: BrowserContext; page: Page; key: string }

/** What a worker keeps between its tests. */
export type KeptPages = { current: Kept | null }

/** Calls that leave the page or its context in a state the reset between tests does not undo. */
const LASTING_PAGE_CALLS = [
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'setExtraHTTPHeaders',
  'emulateMedia',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
] as const
const LASTING_CONTEXT_CALLS = [
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'setExtraHTTPHeaders',
  'setOffline',
  'setGeolocation',
  'grantPermissions',
  'setHTTPCredentials',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'setStorageState',
] as const
const LASTING_CLOCK_CALLS = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt'] as const
const LISTENING = ['on', 'once', 'addListener', 'prependListener'] as const

type Listener = (...args: unknown[]) => void
type Emitter = { off(event: string, listener: Listener): unknown }
type Listened = { target: Emitter; event: string; listener: Listener }

/**
 * Watches one test's use of a kept page: what it listens to (removed after it), whether it made
 * a lasting change, and which origins its page visited. `end()` undoes the watching.
 */
function watch(kept: Kept, origin: string) {
  const { context, page } = kept
  let lasting = false
  let elsewhere = false
  const listened: Listened[] = []
  const patched: Array<[object, string]> = []
  const onNavigated = (frame: ReturnType<Page['mainFrame']>) => {
    if (frame !== page.mainFrame()) return
    const url = frame.url()
    if (url.startsWith('http') && new URL(url).origin !== origin) elsewhere = true
  }
  page.on('framenavigated', onNavigated)

  const patch = (target: object, name: string, before: (args: unknown[]) => void) => {
    const original = (target as Record<string, unknown>)[name] as (...args: unknown[]) => unknown
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        before(args)
        return original.apply(target, args)
      },
    })
    patched.push([target, name])
  }
  for (const name of LASTING_PAGE_CALLS) patch(page, name, () => (lasting = true))
  for (const name of LASTING_CONTEXT_CALLS) patch(context, name, () => (lasting = true))
  for (const name of LASTING_CLOCK_CALLS) patch(page.clock, name, () => (lasting = true))
  for (const target of [page, context])
    for (const name of LISTENING)
      patch(target, name, ([event, listener]) =>
        listened.push({
          target: target as Emitter,
          event: event as string,
          listener: listener as Listener,
        }),
      )

  return {
    /** Stops watching; whether the reset between tests can hand the page on. */
    end(): boolean {
      page.off('framenavigated', onNavigated)
      for (const [target, name] of patched.reverse()) delete (target as Record<string, unknown>)[name]
      for (const { target, event, listener } of listened) target.off(event, listener)
      return !lasting && !elsewhere && !page.isClosed()
    },
  }
}

/** Puts a kept page back as a new context would have it; false when it could not. */
async function reset(kept: Kept, origin: string, viewport: ViewportSize | null): Promise<boolean> {
  const { context, page } = kept
  try {
    for (const other of context.pages()) if (other !== page) await other.close()
    // A page of the same site: the renderer stays, and nothing of the last test keeps running.
    const response = await page.goto(`${origin}/healthz`, { timeout: 10_000 })
    if (!response?.ok()) return false
    await context.clearCookies()
    await page.evaluate(async () => {
      localStorage.clear()
      sessionStorage.clear()
      // What the installable app keeps: its service worker, its caches and its queued forms.
      for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? [])
        await registration.unregister()
      for (const name of (await globalThis.caches?.keys()) ?? []) await caches.delete(name)
      for (const { name } of await indexedDB.databases())
        if (name)
          await new Promise((resolve) => {
            const deleting = indexedDB.deleteDatabase(name)
            deleting.onsuccess = deleting.onerror = deleting.onblocked = resolve
          })
    })
    const size = page.viewportSize()
    if (viewport && (size?.width !== viewport.width || size.height !== viewport.height))
      await page.setViewportSize(viewport)
    return true
  } catch {
    return false
  }
}

/**
 * The test's context and page: the worker's kept ones when the test's context options match
 * theirs (`key`), new ones otherwise. After the test, they are reset for the next one or closed.
 */
export async function keptContext(
  kept: KeptPages,
  browser: Browser,
  options: { key: string; origin: string; viewport: ViewportSize | null },
  use: (kept: Kept) => Promise<void>,
  passed: () => boolean,
) {
  if (kept.current && kept.current.key !== options.key) await close(kept)
  if (!kept.current) {
    // The test's context options (baseURL, viewport, JavaScript, locale…) are applied by
    // Playwright to every context made during a test.
    const context = await browser.newContext()
    kept.current = { context, page: await context.newPage(), key: options.key }
  }
  const current = kept.current
  const watching = watch(current, options.origin)
  try {
    await use(current)
  } finally {
    const reusable = watching.end() && passed() && (await reset(current, options.origin, options.viewport))
    if (!reusable) await close(kept)
  }
}

export async function close(kept: KeptPages) {
  const context = kept.current?.context
  kept.current = null
  await context?.close().catch(() => undefined)
}
