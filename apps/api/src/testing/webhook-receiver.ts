import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; at: number }

/**
 * A webhook receiver on 127.0.0.1 for tests: records each POST (headers and raw body, which a signature is
 * checked against) and answers with what `respond` says: a status and body, or `hang` to hold the request open.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = []
  let respond: (request: ReceivedWebhook) => { status: number; body?: string } | 'hang' = () => ({ status: 204 })
  const held = new Set<ServerResponse>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const item = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() }
      received.push(item)
      const answer = respond(item)
      if (answer === 'hang') {
        held.add(response)
        return
      }
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(next: typeof respond) {
      respond = next
    },
    async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} of ${count} webhooks`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return received
    },
    async close() {
      for (const response of held) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
