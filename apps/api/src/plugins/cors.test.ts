import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: 'https://studio.storyreel.app, http://localhost:5173' } })
})
afterAll(() => t.close())

describe('CORS', () => {
  it('lets a listed origin call the API, preflight included', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: {
        origin: 'https://studio.storyreel.app',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('https://studio.storyreel.app')
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/)
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PATCH, DELETE')
    expect(preflight.headers['access-control-max-age']).toBe('600')
    const config = await t.app.inject({ url: '/api/v1/config', headers: { origin: 'http://localhost:5173' } })
    expect(config.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    expect(config.headers.vary).toMatch(/Origin/)
  })

  it('gives any other origin no CORS headers, so browsers withhold the answer', async () => {
    const response = await t.app.inject({ url: '/api/v1/config', headers: { origin: 'https://evil.example' } })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(preflight.statusCode).toBe(404)
    expect(preflight.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('marks every answer as depending on Origin, also when the request has none', async () => {
    const response = await t.app.inject({ url: '/api/v1/config' })
    expect(response.headers.vary).toBe('Origin')
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('refuses a preflight that does not name its method, in the one error shape', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://studio.storyreel.app' },
    })
    expect(preflight.statusCode).toBe(400)
    expect(preflight.json()).toMatchObject({ statusCode: 400, code: 'INVALID_PREFLIGHT' })
  })
})
