// A TCP relay on 127.0.0.1 between a hub and its broker, which a test can cut and mend: the hub
// loses the broker while the broker stays up for everyone else (a Wi-Fi drop, a pulled cable).
import { connect, createServer, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  port: number
  url: string
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>
  /** Accepts again, on the same port. */
  mend(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const listen = async () => {
    const s = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1')
      for (const sock of [client, upstream]) {
        sockets.add(sock)
        sock.on('close', () => sockets.delete(sock))
        sock.on('error', () => undefined)
      }
      client.pipe(upstream).pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve))
    port = (s.address() as { port: number }).port
    server = s
  }
  const cut = async () => {
    const s = server
    server = null
    for (const sock of sockets) sock.destroy()
    sockets.clear()
    if (s) await new Promise((resolve) => s.close(resolve))
  }
  await listen()
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    cut,
    mend: listen,
    close: cut,
  }
}
