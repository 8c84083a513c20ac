import net from 'node:net'

export type TcpProxy = {
  port: number
  /** Listens again on the same port, so a client configured with it finds its server back. */
  start(): Promise<void>
  /** Stops listening and destroys every open connection: to the client, the server has gone away. */
  stop(): Promise<void>
  /**
   * A network partition: connections stay open and new ones are accepted, but no byte gets through in
   * either direction, so the client learns nothing until its own timeouts fire.
   */
  blackhole(): void
}

/** A TCP relay on 127.0.0.1 in front of `target`, for cutting a client off its server mid-test. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  let blackholed = false

  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    // A reset peer is the point of these tests, not a failure of the relay.
    socket.on('error', () => socket.destroy())
  }

  const listen = async () => {
    const next = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host)
      track(client)
      track(upstream)
      client.on('data', (chunk: Buffer) => {
        if (!blackholed) upstream.write(chunk)
      })
      upstream.on('data', (chunk: Buffer) => {
        if (!blackholed) client.write(chunk)
      })
      client.once('close', () => upstream.destroy())
      upstream.once('close', () => client.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject)
      next.listen(port, '127.0.0.1', resolve)
    })
    port = (next.address() as net.AddressInfo).port
    server = next
  }

  await listen()
  return {
    get port() {
      return port
    },
    async start() {
      blackholed = false
      if (!server) await listen()
    },
    blackhole() {
      blackholed = true
    },
    async stop() {
      blackholed = false
      const closing = server
      server = undefined
      for (const socket of sockets) socket.destroy()
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
    },
  }
}
