import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A URL on 127.0.0.1 where nothing listens: a hosted service that is down. */
export async function getClosedUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
