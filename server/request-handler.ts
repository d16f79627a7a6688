// React Router behind Express, by our own adapter (ADR 272: no dependency patched or overridden).
// It builds the Fetch Request the router reads and writes the router's Response back, like
// @react-router/express, with the two things the product needs at the HTTP boundary:
//
// - Bodies limited by route (server/body-limits.ts, ADR 257): a declared Content-Length past the
//   limit is answered 413 before a byte is read; a body without one is counted as it streams in
//   and refused once past it. A body the route does not read itself (every form without a file,
//   JSON, text: ≤ 1 MB) is read here; a form that cannot be read is the sender's mistake, a pt-BR
//   400, not a 500 (ADR 142); every NUL is dropped from its text values, as Postgres refuses it
//   (ADR 206). Routes that read their own forms get the body as a counted stream.
// - The response written with one 'drain' listener per response: compression() forwards `on`
//   to its zlib stream but not the removal of a `once` (expressjs/compression#135), so a waiter
//   per write piled up on a long page under backpressure.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createRequestHandler as createRouterHandler, type ServerBuild } from 'react-router'
import { refusedAsCrossOrigin } from '~/middleware/same-origin.server'
import { withoutNul } from '~/utils/form-body.server'
import { bodyLimit, readsRawBody } from './body-limits'
import { refusalPage, type Refusal } from './refusal-pages'

type LoadContext = Parameters<ReturnType<typeof createRouterHandler>>[1]

/** A declared body past this is answered and its connection closed rather than read to the end. */
const DISCARD_AT_MOST = 128 * 1024 * 1024

export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode?: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => LoadContext
}) {
  const handleRequest = createRouterHandler(options.build, options.mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const crossed = refusedAsCrossOrigin({
        method: req.method,
        pathname: req.path,
        ownOrigin: originOf(req),
        origin: req.get('Origin') ?? null,
        fetchSite: req.get('Sec-Fetch-Site') ?? null,
      })
      if (crossed) return refuse(req, res, 403)
      const body = await bodyOf(req)
      if ('refusal' in body) return refuse(req, res, body.refusal)
      const request = fetchRequest(req, res, body)
      const response = await handleRequest(request, options.getLoadContext(req, res))
      if (body.over?.()) {
        await response.body?.cancel()
        return refuse(req, res, 413)
      }
      await writeResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}

type Body = { refusal: Refusal } | { init?: BodyInit; reencoded?: boolean; type?: string; over?: () => boolean }

/** What the router's Request carries: nothing, bytes read here, or a counted stream. */
async function bodyOf(req: ExpressRequest): Promise<Body> {
  if (req.method === 'GET' || req.method === 'HEAD') return {}
  const type = req.headers['content-type']
  const limit = bodyLimit(req.path, type)
  const declared = Number(req.headers['content-length'])
  if (declared > limit.bytes) return { refusal: 413 }
  if (limit.readsItsOwnForm) {
    let over = false
    return { init: countedStream(req, limit.bytes, () => (over = true)), over: () => over }
  }
  const bytes = await readAtMost(req, limit.bytes)
  if (bytes === null) return { refusal: 413 }
  if (type && /^multipart\/form-data/i.test(type)) return multipartBody(bytes, type)
  if (type && /^application\/x-www-form-urlencoded/i.test(type)) {
    if (!holdsNul(bytes)) return { init: bytes }
    const clean = new URLSearchParams()
    for (const [name, value] of new URLSearchParams(bytes.toString('utf8')))
      clean.append(name, value.replaceAll('\0', ''))
    return { init: clean.toString() }
  }
  if (readsRawBody(req.path)) return { init: bytes }
  // Every other route reads a form: nothing sent is an empty one; anything else cannot be one.
  if (bytes.length === 0) return { init: '', type: 'application/x-www-form-urlencoded' }
  return { refusal: 400 }
}

/** A multipart form as sent, its NULs dropped, or the 400 when it cannot be read. */
async function multipartBody(bytes: Buffer<ArrayBuffer>, type: string): Promise<Body> {
  const form = await new Response(bytes, { headers: { 'content-type': type } }).formData().catch(() => null)
  if (!form) return { refusal: 400 }
  const clean = withoutNul(form)
  if (clean === form) return { init: bytes }
  // Encoded again with a boundary of its own, which the Request's own Content-Type then names.
  return { init: clean, reencoded: true }
}

/** A raw NUL, or one percent-encoded. */
function holdsNul(bytes: Buffer): boolean {
  return bytes.includes(0) || bytes.includes('%00')
}

/**
 * Past the bound of what is read and thrown away, the connection ends, but only once the answer
 * (the 413) has gone out: cut before, under load, the client saw a broken pipe and no answer at
 * all. Until then the body is no longer read (the client waits on TCP).
 */
const cut = new WeakSet<ExpressRequest>()

function cutOff(req: ExpressRequest) {
  if (cut.has(req)) return
  cut.add(req)
  req.pause()
  if (req.res && !req.res.writableFinished) req.res.once('finish', () => req.socket.destroy())
  else req.socket.destroy()
}

/** The body, or null once past `maxBytes` (the rest then read and thrown away, never kept). */
function readAtMost(req: ExpressRequest, maxBytes: number): Promise<Buffer<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    let settled = false
    req.on('data', (chunk: Buffer) => {
      total += chunk.length
      if (settled) return void (total > maxBytes + DISCARD_AT_MOST && cutOff(req))
      if (total > maxBytes) {
        settled = true
        chunks.length = 0
        return resolve(null)
      }
      chunks.push(chunk)
    })
    req.on('end', () => settled || ((settled = true), resolve(Buffer.concat(chunks, total) as Buffer<ArrayBuffer>)))
    req.on('close', () => settled || ((settled = true), reject(new Error('the client went away mid-body'))))
    req.on('error', (error) => settled || ((settled = true), reject(error)))
  })
}

/** The body as a stream that errors once past `maxBytes` (and then throws the rest away). */
function countedStream(req: ExpressRequest, maxBytes: number, onOver: () => void): ReadableStream<Uint8Array> {
  let total = 0
  let done = false
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          total += chunk.length
          if (done) return void (total > maxBytes + DISCARD_AT_MOST && cutOff(req))
          if (total > maxBytes) {
            done = true
            onOver()
            controller.error(new RangeError('the body passed its limit'))
            return void req.resume()
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 1) <= 0) req.pause()
        })
        req.on('end', () => done || ((done = true), controller.close()))
        req.on('error', (error) => done || ((done = true), controller.error(error)))
      },
      pull() {
        req.resume()
      },
      cancel() {
        done = true
        req.resume()
      },
    },
    { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength },
  )
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse, body: Exclude<Body, { refusal: Refusal }>) {
  const headers = new Headers()
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    if (Array.isArray(values)) for (const value of values) headers.append(name, value)
    else headers.set(name, values)
  }
  // A body read here carries its own length; a form encoded again, its own type (a new boundary).
  if (body.init !== undefined && !(body.init instanceof ReadableStream)) headers.delete('content-length')
  if (body.reencoded) headers.delete('content-type')
  if (body.type) headers.set('content-type', body.type)
  let controller: AbortController | null = new AbortController()
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (body.init !== undefined) {
    init.body = body.init
    init.duplex = 'half'
  }
  return new Request(originOf(req) + req.originalUrl, init)
}

/**
 * The origin the client asked for: Express's req.host and req.protocol, which take
 * X-Forwarded-Host and -Proto only from a proxy TRUST_PROXY trusts (the socket's peer), as they
 * take the client's address (req.ip); never those headers on their own word.
 */
export function originOf(req: ExpressRequest): string {
  const host = req.host ?? ''
  const hostname = req.hostname ?? ''
  const port = Number.parseInt(host.slice(hostname.length + 1), 10)
  const name = hostname.split(/[\\/?#@]/)[0] || 'localhost'
  return `${req.protocol}://${name}${Number.isSafeInteger(port) ? `:${port}` : ''}`
}

function refuse(req: ExpressRequest, res: ExpressResponse, status: Refusal) {
  const back = req.path.replace(/\.data$/, '').replace(/^\/_root$/, '/')
  const page = refusalPage(status, req.get('accept') ?? '', back.startsWith('//') ? '/' : back)
  if (Number(req.headers['content-length']) > DISCARD_AT_MOST) res.set('Connection', 'close')
  res.status(status).set({ 'Cache-Control': 'no-store', 'Content-Type': page.type }).send(page.body)
}

/** Writes the router's answer, flushed chunk by chunk (compression() buffers otherwise), waiting
 * for 'drain' through one listener per response; a client gone cancels the rest. */
export async function writeResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel())
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers) res.append(name, value)
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
  if (!response.body) return void res.end()
  const reader = response.body.getReader()
  const flushable = res as ExpressResponse & { flush?: () => void }
  let drained: (() => void) | null = null
  let waiting = false
  const gone = () => {
    drained?.()
    reader.cancel().catch(() => undefined)
  }
  res.once('close', gone)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || res.destroyed) break
      const more = res.write(value)
      flushable.flush?.()
      if (more) continue
      if (!waiting) {
        waiting = true
        res.on('drain', () => drained?.())
      }
      await new Promise<void>((resolve) => (drained = resolve))
      drained = null
      if (res.destroyed) break
    }
    if (!res.destroyed) res.end()
  } catch (error) {
    if (res.destroyed) return
    res.destroy()
    throw error
  } finally {
    res.off('close', gone)
  }
}
