// A 60 MB multipart body to the lead form and to /login (ADR 257): the answer (413) and how much
// the server's memory grew while it came, declared (Content-Length) and chunked. Loopback only.
// Run: npm run build && npx tsx bench/body-limits.ts
import { postMultipart, rss } from '../tests/support/big-bodies'
import { startServer } from './lib'

const MB = 1024 * 1024
const BODY = 60 * MB

const server = await startServer({ RATE_LIMIT_DISABLED: 'true', INSECURE_COOKIES: 'true' })
const pid = server.child.pid!
try {
  // Warm: the first page a server renders loads its route modules.
  await fetch(`${server.url}/login`)
  console.log('| target | body | status | memory growth (peak RSS − before) |')
  console.log('| --- | --- | --- | --- |')
  for (const [name, path] of [
    ['lead form', '/c/ana-souza/casa-no-campeche-1'],
    ['/login', '/login'],
  ] as const) {
    for (const declared of [true, false]) {
      const before = rss(pid)
      let peak = before
      const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 10)
      const { status } = await postMultipart(server.url + path, BODY, declared).finally(() => clearInterval(sampler))
      const mode = declared ? 'Content-Length' : 'chunked'
      console.log(`| ${name} | 60 MB multipart, ${mode} | ${status} | ${((peak - before) / MB).toFixed(1)} MB |`)
    }
  }
  console.log(`healthz after: ${(await fetch(`${server.url}/healthz`)).status}`)
} finally {
  await server.stop()
}
