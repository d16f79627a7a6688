// A long streamed page through compression() and @react-router/express's writer (ADR 311) waits on
// 'drain' many times: the page must arrive whole. compression() does not forward the removal of a
// once('drain') to its zlib stream (expressjs/compression#135), so each wait leaves a listener
// behind until the response ends; the second test tracks that upstream bug.
import crypto from 'node:crypto'
import http from 'node:http'
import { createRequire } from 'node:module'
import type Zlib from 'node:zlib'
import { writeReadableStreamToWritable } from '@react-router/node'
import compression from 'compression'
import express from 'express'
import { afterEach, expect, test } from 'vitest'

// The module object compression() calls (`require('zlib')`), not an ES namespace.
const zlib = createRequire(import.meta.url)('node:zlib') as typeof Zlib

const CHUNKS = 40
const CHUNK_BYTES = 64 * 1024

/** 40 chunks of 64 KB of text that gzip cannot shrink much: every write fills zlib's buffer. */
function page() {
  const chunks = Array.from({ length: CHUNKS }, () =>
    Buffer.from(crypto.randomBytes((CHUNK_BYTES * 3) / 4).toString('base64')),
  )
  let index = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]!)
      else controller.close()
    },
  })
  return { stream, sha: crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex') }
}

let server: http.Server | null = null
const createGzip = zlib.createGzip
/** The most 'drain' listeners the response's zlib stream held at once. */
let peakDrainListeners = 0

afterEach(() => {
  server?.close()
  server = null
  Object.defineProperty(zlib, 'createGzip', { value: createGzip })
})

/** Serves one streamed page by React Router's Node writer; returns its body and sha. */
async function servePage() {
  // compression() makes its stream with zlib.createGzip: watch the listeners it is given, with
  // Node's own "possible leak" warning off (the count is the check).
  peakDrainListeners = 0
  const watched = (options?: Zlib.ZlibOptions) => {
    const stream = createGzip(options)
    stream.setMaxListeners(0)
    stream.on('newListener', (event) => {
      if (event === 'drain') peakDrainListeners = Math.max(peakDrainListeners, stream.listenerCount('drain') + 1)
    })
    return stream
  }
  // Node defines it read-only (but configurable).
  Object.defineProperty(zlib, 'createGzip', { value: watched })
  const { stream, sha } = page()
  const app = express()
  app.use(compression())
  app.get('/', async (_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8')
    await writeReadableStreamToWritable(stream, response)
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server!.once('listening', resolve))
  const { port } = server.address() as { port: number }
  const body = await new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path: '/', headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const parts: Buffer[] = []
        response
          .pipe(zlib.createGunzip())
          .on('data', (part: Buffer) => parts.push(part))
          .on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes: Buffer.concat(parts) }))
          .on('error', reject)
      })
      .on('error', reject)
  })
  return { ...body, sha }
}

test('a long gzipped stream arrives whole through compression() and the published writer', async () => {
  const { encoding, bytes, sha } = await servePage()
  expect(encoding).toBe('gzip')
  expect(bytes.length).toBe(CHUNKS * CHUNK_BYTES)
  expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(sha)
})

test('compression() still piles drain listeners on its zlib stream (when this fails, expressjs/compression#135 is fixed: drop the note in ADR 311)', async () => {
  const { bytes } = await servePage()
  expect(bytes.length).toBe(CHUNKS * CHUNK_BYTES)
  // One per wait: "11 drain listeners added to [Gzip]" in the server's log.
  expect(peakDrainListeners).toBeGreaterThan(10)
})
