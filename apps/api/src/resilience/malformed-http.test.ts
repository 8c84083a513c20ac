import { createHmac } from 'node:crypto'
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'

import { resolveMediaSecret } from '#src/adapters/media/media-links.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

/** Writes raw bytes to the server and reads everything it answers until it closes the connection. */
function sendRaw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.end(request)
  })
}

function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2)
  const [statusLine = '', ...headerLines] = head.split('\r\n')
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

describe('requests that never reach a route', () => {
  let t: TestApp
  let port: number

  beforeAll(async () => {
    t = await createTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('not listening')
    port = address.port
  })
  afterAll(() => t.close())

  const cases: Array<[label: string, request: string, status: number, code: string]> = [
    [
      'a 20,000-character query',
      `GET /api/v1/auth/me?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['an unknown method', 'BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    [
      'a bad chunk size',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      400,
      'MALFORMED_REQUEST',
    ],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      400,
      'MALFORMED_REQUEST',
    ],
    [
      'a control character in a header',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Note: a\u0001b\r\n\r\n',
      400,
      'MALFORMED_REQUEST',
    ],
    ['a raw space in the path', 'GET /api/v1/a b HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['HTTP/1.1 without a Host header', 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'MISSING_HOST'],
    // RFC 9112 §3.2: a server must answer 400 to a request with more than one Host header line.
    [
      'two Host headers',
      'GET /healthz HTTP/1.1\r\nHost: storyreel.app\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
      400,
      'DUPLICATE_HOST',
    ],
    [
      'two Host headers on an API call',
      'GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nhost: x\r\nConnection: close\r\n\r\n',
      400,
      'DUPLICATE_HOST',
    ],
  ]

  for (const [label, request, status, code] of cases) {
    it(`answers ${label} with ${status} ${code} in the one error shape`, async () => {
      const response = parseResponse(await sendRaw(port, request))
      expect(response.status).toBe(status)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      const error = ApiErrorSchema.parse(JSON.parse(response.body))
      expect(error).toMatchObject({ statusCode: status, code })
      expect(error.message).toEqual(expect.any(String))
    })
  }

  it('still answers an HTTP/1.0 request without Host', async () => {
    const response = parseResponse(await sendRaw(port, 'GET /healthz HTTP/1.0\r\n\r\n'))
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ status: 'ok' })
  })

  it('answers a correctly signed media link whose key climbs out of the store with 404, not 500', async () => {
    const secret = resolveMediaSecret(undefined, t.dataDir)
    const key = 'projects/../../media-signing-secret.json'
    const expiresAt = Math.floor(Date.now() / 1000) + 3600
    const signature = createHmac('sha256', secret).update(`${key}\nsomeone\n${expiresAt}\n`).digest('base64url')
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/media/${key}?u=someone&e=${expiresAt}&s=${signature}`,
    })
    expect(response.statusCode).toBe(404)
    expect(ApiErrorSchema.parse(response.json())).toMatchObject({ code: 'NOT_FOUND' })
  })
})
