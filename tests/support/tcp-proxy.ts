// A TCP proxy the test can stop and start again on the same port: the app's DATABASE_URL points
// at it, so stopping it is the database server going away (connections cut, new ones refused).
import net from 'node:net'

export type TcpProxy = { port: number; stop(): Promise<void>; start(): Promise<void> }

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | null = null
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port
        server = next
        resolve()
      })
    })
  await listen()
  return {
    get port() {
      return port
    },
    async stop() {
      const closing = server
      server = null
      if (!closing) return
      const closed = new Promise<void>((resolve) => closing.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    start: listen,
  }
}
