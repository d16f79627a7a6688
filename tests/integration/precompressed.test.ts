// Hashed assets go out as the build compressed them (server/precompressed.ts, ADR 203): brotli
// where the browser takes it, gzip where only gzip is taken, the file itself otherwise, and never
// compressed a second time on the way out.
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptedEncodings, precompressed } from '../../server/precompressed'

const SCRIPT = `export const greeting = ${JSON.stringify('Olá, corretora! '.repeat(400))}\n`
let dir: string
let server: http.Server
let origin: string

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'precompressed-'))
  await fs.writeFile(path.join(dir, 'entry-abc123.js'), SCRIPT)
  await fs.writeFile(path.join(dir, 'entry-abc123.js.br'), zlib.brotliCompressSync(SCRIPT))
  await fs.writeFile(path.join(dir, 'entry-abc123.js.gz'), zlib.gzipSync(SCRIPT))
  await fs.writeFile(path.join(dir, 'small-def456.js'), SCRIPT)
  const app = express()
  app.use(compression())
  app.use('/assets', precompressed(dir), express.static(dir, { immutable: true, maxAge: '1y', fallthrough: false }))
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

afterAll(async () => {
  server.close()
  await fs.rm(dir, { recursive: true, force: true })
})

/** The raw answer (no decoding), as a browser receives it. */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      `${origin}${pathname}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    request.on('error', reject)
  })
}

describe('precompressed assets', () => {
  it('sends the brotli copy to a browser that takes brotli, as a script cached for a year', async () => {
    const response = await get('/assets/entry-abc123.js', 'gzip, deflate, br, zstd')
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/^text\/javascript/)
    expect(response.headers['cache-control']).toContain('immutable')
    expect(response.headers.vary).toMatch(/Accept-Encoding/i)
    expect(Number(response.headers['content-length'])).toBe(response.body.length)
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(SCRIPT)
  })

  it('sends the gzip copy where brotli is refused or not offered', async () => {
    for (const accept of ['gzip, deflate', 'gzip, br;q=0']) {
      const response = await get('/assets/entry-abc123.js', accept)
      expect(response.headers['content-encoding'], accept).toBe('gzip')
      expect(zlib.gunzipSync(response.body).toString()).toBe(SCRIPT)
    }
  })

  it('sends the file itself to a client that takes no encoding', async () => {
    const response = await get('/assets/entry-abc123.js')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body.toString()).toBe(SCRIPT)
  })

  it('leaves a file without copies to compression(), and a missing one is a 404', async () => {
    const response = await get('/assets/small-def456.js', 'br')
    expect(response.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(SCRIPT)
    expect((await get('/assets/missing-000000.js', 'br')).status).toBe(404)
  })

  it('reads Accept-Encoding the way browsers write it', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd'])
    expect([...acceptedEncodings('gzip;q=1.0, br;q=0')]).toEqual(['gzip'])
    expect([...acceptedEncodings(undefined)]).toEqual([])
  })
})
