// A local S3-compatible test server (path-style: /<bucket>/<key>), in memory. It checks AWS
// Signature V4 on every request with its own implementation, so a signing bug in the app's
// client shows up as 403 SignatureDoesNotMatch, as it would against a real bucket.
import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type MockS3 = {
  url: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  objects: Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>
  requests: { method: string; path: string }[]
  /** Make the next n requests answer 503 (to exercise retries). */
  failNext(n: number): void
  close(): Promise<void>
}

const xmlError = (res: ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`)
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())

function expectedSignature(
  req: IncomingMessage,
  signedHeaders: string[],
  secret: string,
  scope: string,
  payloadHash: string,
) {
  const url = new URL(req.url ?? '/', 'http://x')
  const query = [...url.searchParams]
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&')
  const headerLines = signedHeaders
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('')
  const canonical = [req.method, url.pathname, query, headerLines, signedHeaders.join(';'), payloadHash].join('\n')
  const amzDate = String(req.headers['x-amz-date'])
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`
  const [date, region, service] = scope.split('/')
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(date!).digest()
  for (const part of [region!, service!, 'aws4_request']) key = createHmac('sha256', key).update(part).digest()
  return createHmac('sha256', key).update(toSign).digest('hex')
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** ListObjectsV2: keys under `prefix` in order, `max-keys` (default 1000) a page. */
function listObjects(res: ServerResponse, objects: MockS3['objects'], params: URLSearchParams) {
  const prefix = params.get('prefix') ?? ''
  const after = params.get('continuation-token') ?? ''
  const max = Number(params.get('max-keys') ?? 1000)
  const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort()
  const page = keys.slice(0, max)
  const truncated = keys.length > page.length
  const contents = page
    .map(
      (k) =>
        `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${objects.get(k)!.modifiedAt.toISOString()}</LastModified><Size>${objects.get(k)!.body.length}</Size></Contents>`,
    )
    .join('')
  res.writeHead(200, { 'content-type': 'application/xml' })
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
  )
}

export async function startMockS3(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<MockS3> {
  const bucket = options.bucket ?? 'vitrine-test'
  const accessKeyId = options.accessKeyId ?? 'TESTACCESSKEY'
  const secretAccessKey = options.secretAccessKey ?? 'test/secret+key'
  const region = options.region ?? 'sa-east-1'
  const objects = new Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>()
  const requests: { method: string; path: string }[] = []
  let failures = 0

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push({ method: req.method ?? '', path: url.pathname })
    if (failures > 0) {
      failures--
      return xmlError(res, 503, 'SlowDown')
    }

    const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    )
    if (!auth || auth[1] !== accessKeyId) return xmlError(res, 403, 'InvalidAccessKeyId')
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
    if (payloadHash !== createHash('sha256').update(body).digest('hex'))
      return xmlError(res, 400, 'XAmzContentSHA256Mismatch')
    const signed = auth[3]!.split(';')
    if (!signed.includes('host') || !signed.includes('x-amz-date')) return xmlError(res, 403, 'SignatureDoesNotMatch')
    if (expectedSignature(req, signed, secretAccessKey, auth[2]!, payloadHash) !== auth[4])
      return xmlError(res, 403, 'SignatureDoesNotMatch')

    const [, bucketName, ...rest] = url.pathname.split('/')
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket')
    const key = rest.map(decodeURIComponent).join('/')
    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2')
      return listObjects(res, objects, url.searchParams)
    switch (req.method) {
      case 'PUT':
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          modifiedAt: new Date(),
        })
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` })
        return res.end()
      case 'GET': {
        const object = objects.get(key)
        if (!object) return xmlError(res, 404, 'NoSuchKey')
        res.writeHead(200, { 'content-type': object.contentType })
        return res.end(object.body)
      }
      case 'DELETE':
        objects.delete(key)
        res.writeHead(204)
        return res.end()
      default:
        return xmlError(res, 405, 'MethodNotAllowed')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    requests,
    failNext: (n) => void (failures = n),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
