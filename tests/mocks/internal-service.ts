// A service on this machine's own network (127.0.0.1) that the product must never reach from an
// agent's address: it counts every request it gets. /redirect?to=… answers 302 to `to`; any other
// path answers a small VRSync feed (so a request that got through would import something).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type InternalService = {
  port: number
  /** The paths requested so far, in order (with their Host header). */
  requests: { path: string; host: string }[]
  close: () => Promise<void>
}

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync"><Listings><Listing>
<ListingID>INTERNO-1</ListingID><Title>Segredo da rede interna</Title>
</Listing></Listings></ListingDataFeed>`

export async function startInternalService(): Promise<InternalService> {
  const requests: InternalService['requests'] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push({ path: url.pathname, host: req.headers.host ?? '' })
    const to = url.searchParams.get('to')
    if (url.pathname === '/redirect' && to) return void res.writeHead(302, { location: to }).end()
    res.writeHead(200, { 'content-type': 'application/xml' }).end(FEED)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
