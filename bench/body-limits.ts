// A 60 MB multipart body to the lead form and to /login (ADR 257): the answer (413) and how much
// the server's memory grew while it came, declared (Content-Length) and chunked. Loopback only.
// Run: npm run build && npx tsx bench/body-limits.ts
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { startServer } from './lib'

const MB = 1024 * 1024
const BODY = 60 * MB

/** The process's resident memory in bytes (Linux). */
const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

// Kept alive, as a browser's: a client that says `Connection: close` has its connection closed
// right after the answer, and may still be writing then (EPIPE).
const agent = new http.Agent({ keepAlive: true })

/** `total` bytes of one multipart file field, declared or chunked; the status once answered. */
function postMultipart(url: string, total: number, declared: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const head = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="foto"; filename="casa.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    )
    const tail = Buffer.from('\r\n--b--\r\n')
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    const length = head.length + total + tail.length
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        Accept: 'text/html',
        'Content-Type': 'multipart/form-data; boundary=b',
        ...(declared ? { 'Content-Length': String(length) } : { 'Transfer-Encoding': 'chunked' }),
      },
    })
    let sent = 0
    let answered = false
    request.on('response', (response) => {
      answered = true
      response.resume()
      resolve(response.statusCode!)
      request.destroy()
    })
    request.on('error', (error) => (answered ? undefined : reject(error)))
    request.write(head)
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!request.write(chunk)) return void request.once('drain', write)
      }
      if (!answered) request.end(tail)
    }
    write()
  })
}

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
      const status = await postMultipart(server.url + path, BODY, declared).finally(() => clearInterval(sampler))
      const mode = declared ? 'Content-Length' : 'chunked'
      console.log(`| ${name} | 60 MB multipart, ${mode} | ${status} | ${((peak - before) / MB).toFixed(1)} MB |`)
    }
  }
  console.log(`healthz after: ${(await fetch(`${server.url}/healthz`)).status}`)
} finally {
  agent.destroy()
  await server.stop()
}
