// Bodies too big for a route, sent as fast as a server takes them, and the server's memory while
// they come: the body-limit tests (tests/e2e/web-hardening.spec.ts) and their bench
// (bench/body-limits.ts, ADR 257). Linux only (/proc).
import fs from 'node:fs'
import http from 'node:http'

/** The process's resident memory in bytes. */
export const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

/** A multipart body of one file field of `total` bytes (a multiple of 64 KiB), declared or chunked, on a kept-alive
 * connection (a browser's); the answer's status, text and headers once it comes, and how many of
 * the body's bytes had been handed to the connection by then (`sent`). `headers` are added to the
 * request's (a cookie, an Origin); `field` names the file field ("foto" unless given). */
export function postMultipart(
  url: string,
  total: number,
  declared: boolean,
  options: { headers?: Record<string, string>; field?: string } = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders; sent: number }> {
  const agent = new http.Agent({ keepAlive: true })
  return new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders; sent: number }>(
    (resolve, reject) => {
      const field = options.field ?? 'foto'
      const head = Buffer.from(`--b\r\nContent-Disposition: form-data; name="${field}"; filename="casa.jpg"\r\n\r\n`)
      const tail = Buffer.from('\r\n--b--\r\n')
      const chunk = Buffer.alloc(64 * 1024, 0x61)
      const length = head.length + total + tail.length
      const request = http.request(url, {
        method: 'POST',
        agent,
        headers: {
          Accept: 'text/html',
          'Content-Type': 'multipart/form-data; boundary=b',
          ...options.headers,
          ...(declared ? { 'Content-Length': String(length) } : { 'Transfer-Encoding': 'chunked' }),
        },
      })
      let sent = 0
      let answered = false
      request.on('response', (response) => {
        answered = true
        const sentThen = sent
        const parts: Buffer[] = []
        response.on('data', (part: Buffer) => parts.push(part))
        response.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8')
          resolve({ status: response.statusCode!, text, headers: response.headers, sent: sentThen })
          request.destroy()
        })
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
    },
  ).finally(() => agent.destroy())
}
