import net from 'node:net'

/** A port on 127.0.0.1 nothing listens on right now, for a server a script or benchmark starts. */
export async function getFreePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
