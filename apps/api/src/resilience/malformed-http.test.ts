import { createHmac } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'

import { resolveMediaSecret } from '#src/adapters/media/media-links.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

/**
 * Writes raw bytes to the server and reads everything it answers until it closes the connection. `pieces`
 * follow the request, each after `pauseMs`, with the connection kept open (a body that is still arriving).
 */
function sendRaw(
  port: number,
  request: string,
  { pieces, pauseMs = 0, timeoutMs = 5000 }: { pieces?: string[]; pauseMs?: number; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    if (!pieces) return socket.end(request)
    socket.write(request)
    pieces.forEach((piece, index) => setTimeout(() => socket.write(piece), (index + 1) * pauseMs))
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

describe('a request body that arrives too slowly', () => {
  let t: TestApp
  let port: number

  beforeAll(async () => {
    t = await createTestApp({ deps: { requestDeadlineMs: 400, uploadIdleMs: 400 } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('not listening')
    port = address.port
  })
  afterAll(() => t.close())

  it('answers 408 in the error shape when a body is not whole within the deadline', async () => {
    const raw = await sendRaw(
      port,
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n',
      { pieces: ['{"email":"slow@example.com",'] },
    )
    const response = parseResponse(raw)
    expect(response.status).toBe(408)
    expect(ApiErrorSchema.parse(JSON.parse(response.body))).toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })

  it('lets an upload take longer while it keeps arriving', async () => {
    const user = await t.createUser()
    const boundary = 'slowboundary'
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n'
    const content = 'not a photo, sent slowly\n'.repeat(8)
    const body = `${head}${content}\r\n--${boundary}--\r\n`
    // Eight pieces 150 ms apart: three times the deadline in all, never quiet for as long as the idle limit.
    const raw = await sendRaw(
      port,
      `POST /api/v1/assets HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${user.access_token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      {
        pieces: Array.from({ length: 8 }, (_, index) =>
          body.slice((index * body.length) / 8, ((index + 1) * body.length) / 8),
        ),
        pauseMs: 150,
        timeoutMs: 8000,
      },
    )
    const response = parseResponse(raw)
    // The whole file arrived and was read: refused for what it is, not for how slowly it came.
    expect(response.status).toBe(415)
    expect(ApiErrorSchema.parse(JSON.parse(response.body))).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' })
  })

  it('keeps the connection of a request without a body open for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<{ connection?: string; reused: boolean }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, (response) => {
          response.resume()
          response.on('end', () => resolve({ connection: response.headers.connection, reused: request.reusedSocket }))
        })
        request.on('error', reject)
      })
    try {
      const first = await get()
      expect(first.connection).not.toBe('close')
      expect((await get()).reused).toBe(true)
    } finally {
      agent.destroy()
    }
  })

  it('holds an upload to the deadline until it is signed in, and closes an early answer', async () => {
    const started = Date.now()
    const raw = await sendRaw(
      port,
      'POST /api/v1/assets HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n',
      { pieces: Array.from({ length: 30 }, () => 'x'.repeat(10)), pauseMs: 200, timeoutMs: 8000 },
    )
    expect(parseResponse(raw).status).toBe(401)
    // Answered and closed, not held open while 30 pieces trickle in over six seconds.
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('drops a signed-in upload that goes quiet before its file, and frees its space', async () => {
    const user = await t.createUser()
    const started = Date.now()
    await sendRaw(
      port,
      `POST /api/v1/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.access_token}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n',
      { pieces: ['--b\r\n'], timeoutMs: 8000 },
    )
    expect(Date.now() - started).toBeLessThan(4000)
    // The reservation goes as the handler winds up, a moment after the connection is dropped.
    const used = async () =>
      (await t.app.inject({ url: '/api/v1/assets', headers: t.auth(user.access_token) })).json<{
        usage: { used_bytes: number }
      }>().usage.used_bytes
    await expect.poll(used).toBe(0)
  })
})
