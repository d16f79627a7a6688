import { PassThrough, type Writable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router'
import { NonceContext } from './components/ui/nonce'
import {
  cspNonceContext,
  loggerContext,
  requestIdContext,
  userContext,
  databaseAvailabilityContext,
  userPageCacheContext,
  userPageRequestContext,
  guestPageCacheContext,
} from './context'
import { isSearchEngineBot } from './utils/bots'
import { isGuestRequest, isSameForEveryGuest } from './utils/guest-page-cache.server'
import { isSameUntilDataChanges } from '~/middleware/user-page-cache.server'
import { isDatabaseUnavailable, unavailableRequests, unavailableResponse } from './utils/db-availability.server'
// The pt-BR zod messages for every schema the server parses. In the browser, the module that
// defines a schema imports z from '~/domain/validation', so only pages that validate load zod.
import './domain/validation'
import { isCrossOriginPost } from './middleware/same-origin.server'
import { inlineStylesheet } from './utils/inline-css.server'
import inlineCss from './app.css?inline'

export const streamTimeout = 5_000

/** The stylesheet every page carries in <head> (ADR 190), encoded once (ADR 233). */
const stylesheet = Buffer.from(inlineCss)

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  // The database could not be reached: the pt-BR 503 page with a retry link (ADR 144).
  if (
    responseStatusCode >= 500 &&
    (unavailableRequests.has(request) || loadContext.get(databaseAvailabilityContext)?.down)
  ) {
    return unavailableResponse(request)
  }

  const userAgent = request.headers.get('user-agent')
  // Errors caused by search-engine bots are logged, not rendered.
  if (responseStatusCode >= 400 && isSearchEngineBot(userAgent)) {
    const error = Object.values(routerContext.staticHandlerContext.errors ?? {})[0]
    const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : 'Error'
    loadContext.get(loggerContext).warn('bot error', {
      requestId: loadContext.get(requestIdContext),
      status: responseStatusCode,
      path: new URL(request.url).pathname,
      userAgent,
    })
    responseHeaders.set('Content-Type', 'text/plain; charset=utf-8')
    return new Response(message, { status: responseStatusCode, headers: responseHeaders })
  }

  const nonce = loadContext.get(cspNonceContext)
  // A page the same for every guest, asked for by one: its HTML is kept as it streams (ADR 199).
  const cache = loadContext.get(guestPageCacheContext)
  const forGuests =
    cache &&
    responseStatusCode === 200 &&
    isGuestRequest(request.method, request.url, (name) => request.headers.get(name)) &&
    isSameForEveryGuest(routerContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let failed = false
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
    const keep = forGuests
      ? (html: string) => void (failed || cache.set(new URL(request.url).pathname, html, nonce, responseHeaders))
      : keepForUser(request, responseStatusCode, responseHeaders, routerContext, loadContext, () => failed)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const { body, destination } = pageBody(() => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          }, keep)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(destination as unknown as Writable)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          failed = true
          responseStatusCode = 500
          if (shellRendered) {
            loadContext.get(loggerContext).error('render error', {
              requestId: loadContext.get(requestIdContext),
              error,
            })
          }
        },
      },
    )
  })
}

/**
 * A signed-in page the same until the person's data changes (ADR 201): its path is learnt, and
 * its HTML kept when serveUserPages read the version before the page's data, for this person.
 */
function keepForUser(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
  failed: () => boolean,
): ((html: string) => void) | null {
  const cache = loadContext.get(userPageCacheContext)
  if (!cache || status !== 200 || request.method !== 'GET' || !isSameUntilDataChanges(routerContext)) return null
  cache.learn(new URL(request.url).pathname)
  const read = loadContext.get(userPageRequestContext)
  if (!read || loadContext.get(userContext)?.id !== read.userId) return null
  const nonce = loadContext.get(cspNonceContext)
  return (html) => void (failed() || cache.set(read, html, nonce, headers))
}

/**
 * Where React writes a page, and the stream the response reads. React's text is gathered as one
 * string and handed on, encoded, once per flush of React (the shell, then each Suspense boundary
 * that resolves): a few writes to the socket, not one per 2 KB (ADR 272), with the stylesheet's
 * bytes in place of its mark (ADR 233). The whole page of one response sits in memory at most,
 * so React is never asked to wait. `keep`, when given, receives the whole HTML once it is written
 * (the page caches, ADR 199, 201).
 */
function pageBody(onEnd: () => void, keep: ((html: string) => void) | null) {
  const body = new PassThrough()
  const kept: Buffer[] = []
  const styled = inlineStylesheet(stylesheet)
  let text = ''
  const send = (bytes: Buffer[]) => {
    if (bytes.length === 0) return
    if (keep) kept.push(...bytes)
    body.write(bytes.length === 1 ? bytes[0] : Buffer.concat(bytes))
  }
  const destination = {
    write(chunk: string | Uint8Array) {
      if (typeof chunk === 'string') text += chunk
      else {
        destination.flush()
        send(styled.write(chunk))
      }
      return true
    },
    flush() {
      if (text.length === 0) return
      const written = text
      text = ''
      send(styled.write(written))
    },
    end() {
      destination.flush()
      send(styled.end())
      onEnd()
      keep?.(Buffer.concat(kept).toString('utf8'))
      body.end()
    },
    // The reader going away (or failing) stops React's work; it never has to wait for a drain.
    on(event: string, listener: () => void) {
      if (event === 'close' || event === 'error') body.on(event, listener)
      return destination
    },
    destroy(error?: Error) {
      body.destroy(error)
    },
  }
  return { body, destination }
}

/** One log line per server error, with the request id; never a stack trace to the browser. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // React Router's own 4xx answers (a method a route does not take, an unknown path) are the
  // sender's mistake, not a failure of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return
  // Its refusal of another site's post to a page (a 400) is the sender's too (ADR 210).
  if (isCrossOriginPost(request)) return
  const ctx = context as RouterContextProvider
  if (isDatabaseUnavailable(error)) {
    unavailableRequests.add(request)
    ctx.get(databaseAvailabilityContext)?.markDown(error)
  }
  ctx.get(loggerContext).error('request failed', {
    requestId: ctx.get(requestIdContext),
    method: request.method,
    path: new URL(request.url).pathname,
    error,
  })
}
