// A local PostHog ingestion server for the real posthog-js in the browser. It speaks the parts
// of the wire format the SDK uses: events on /e/, /i/v0/e/, /batch/, /capture/ (plain JSON,
// gzip-js or base64 bodies, one event or a batch), flags on /flags/ and /decide/, and CORS so a
// page on another origin can post to it. Every request and every decoded event is recorded.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

export type CapturedEvent = {
  event: string
  distinct_id?: string
  properties: Record<string, unknown>
  $set?: Record<string, unknown>
  endpoint: string
  /** The test whose page sent it (the `x-e2e-test` header a Playwright route adds). */
  test?: string
}

export type MockPostHog = {
  url: string
  requests: { method: string; path: string }[]
  events: CapturedEvent[]
  eventsNamed(name: string): CapturedEvent[]
  clear(): void
  /**
   * From now on, only requests of this test's pages are recorded: a late delivery from an
   * earlier test's page (an unload beacon arriving after the next test began) carries that
   * test's id, or none, and is answered but not recorded.
   */
  scope(test: string): void
  close(): Promise<void>
}

const EVENT_PATHS = ['/e/', '/i/v0/e/', '/batch/', '/capture/', '/track/', '/engage/']
const FLAG_PATHS = ['/flags/', '/decide/']

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*')
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', String(req.headers['access-control-request-headers'] ?? 'content-type'))
  res.setHeader('Vary', 'Origin')
}

/** The SDK's bodies: gzip (compression=gzip-js), form data=base64, base64 JSON, or JSON. */
export function decodeBody(body: Buffer, contentType: string): unknown {
  if (body.length === 0) return null
  let text: string
  if (body[0] === 0x1f && body[1] === 0x8b) text = gunzipSync(body).toString('utf8')
  else text = body.toString('utf8')
  if (contentType.includes('application/x-www-form-urlencoded')) {
    const data = new URLSearchParams(text).get('data') ?? ''
    text =
      data.trimStart().startsWith('{') || data.trimStart().startsWith('[')
        ? data
        : Buffer.from(data, 'base64').toString('utf8')
  } else if (!/^\s*[[{]/.test(text)) {
    text = Buffer.from(text, 'base64').toString('utf8')
  }
  return JSON.parse(text)
}

function eventsOf(payload: unknown, endpoint: string): CapturedEvent[] {
  if (!payload) return []
  const list = Array.isArray(payload)
    ? payload
    : typeof payload === 'object' && payload !== null && 'batch' in payload
      ? (payload as { batch: unknown[] }).batch
      : [payload]
  return list
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => {
      const properties = (item.properties ?? {}) as Record<string, unknown>
      return {
        event: String(item.event),
        distinct_id: (item.distinct_id ?? properties.distinct_id) as string | undefined,
        properties,
        $set: (item.$set ?? properties.$set) as Record<string, unknown> | undefined,
        endpoint,
      }
    })
}

export async function startMockPostHog(): Promise<MockPostHog> {
  const requests: MockPostHog['requests'] = []
  const events: CapturedEvent[] = []
  let current: string | null = null
  const belongsToCurrent = (req: IncomingMessage) => current === null || req.headers['x-e2e-test'] === current

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://x')
    if (belongsToCurrent(req)) requests.push({ method: req.method ?? '', path: url.pathname })
    cors(req, res)
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
    if (FLAG_PATHS.includes(path)) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          featureFlags: {},
          featureFlagPayloads: {},
          errorsWhileComputingFlags: false,
          supportedCompression: ['gzip', 'gzip-js'],
          sessionRecording: false,
          autocapture_opt_out: true,
          capturePerformance: false,
          surveys: false,
        }),
      )
      return
    }
    if (EVENT_PATHS.includes(path) && req.method === 'POST') {
      try {
        const payload = decodeBody(Buffer.concat(chunks), String(req.headers['content-type'] ?? ''))
        if (belongsToCurrent(req))
          events.push(...eventsOf(payload, path).map((event) => ({ ...event, test: current ?? undefined })))
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ status: 1 }))
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: String(error) }))
      }
      return
    }
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end('{"error":"not found"}')
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    events,
    eventsNamed: (name) => events.filter((event) => event.event === name),
    clear() {
      requests.length = 0
      events.length = 0
    },
    scope(test) {
      current = test
      requests.length = 0
      events.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
