// A minimal SMTP server on 127.0.0.1 for tests: enough of RFC 5321 for nodemailer to deliver
// (EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no auth). Messages are kept raw.
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export type ReceivedMail = { from: string; to: string[]; raw: string }

export async function startSmtpServer() {
  const messages: ReceivedMail[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], raw: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 localhost ESMTP test')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          current.raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.')
          buffer = buffer.slice(end + 5)
          inData = false
          messages.push(current)
          current = { from: '', to: [], raw: '' }
          reply('250 OK: queued')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol < 0) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost')
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? ''
          reply('250 OK')
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          reply('250 OK')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK')
        else reply('502 Command not implemented')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
