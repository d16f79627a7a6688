// Serves a web-style handler on node:http (the built-in API over real HTTP, as in hosted mode).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Handler } from '../../server/auth-api/fetch'

export function toNodeListener(handler: Handler): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      try {
        const host = req.headers.host ?? '127.0.0.1'
        const headers = new Headers()
        for (const [k, v] of Object.entries(req.headers)) {
          if (Array.isArray(v)) v.forEach((x) => headers.append(k, x))
          else if (v !== undefined) headers.set(k, v)
        }
        const body = chunks.length ? Buffer.concat(chunks) : undefined
        const request = new Request(`http://${host}${req.url ?? '/'}`, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
        })
        const response = await handler(request)
        res.statusCode = response.status
        response.headers.forEach((value, key) => res.setHeader(key, value))
        res.end(Buffer.from(await response.arrayBuffer()))
      } catch (e) {
        res.statusCode = 500
        res.end(String(e))
      }
    })
  }
}

/** Listens on an ephemeral 127.0.0.1 port; returns the base URL and a close function. */
export async function listen(handler: Handler) {
  const server = http.createServer(toNodeListener(handler))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
