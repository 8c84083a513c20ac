import { describe, expect, it } from 'vitest'

import { ApiErrorSchema } from '@storyreel/contracts/errors'

import { createRequester, isApiErrorBody } from './api-client.ts'

const BODIES: unknown[] = [
  { statusCode: 410, error: 'Gone', code: 'EMAIL_CODE_EXPIRED', message: 'This code has expired.' },
  { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: ['email: required', 'code: 6 digits'] },
  { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: ['ok', 3] },
  { statusCode: 302, error: 'Found', code: 'MOVED', message: 'elsewhere' },
  { statusCode: 404.5, error: 'Not Found', code: 'NOT_FOUND', message: 'x' },
  { statusCode: 404, error: 'Not Found', code: 'not_found', message: 'x' },
  { statusCode: 404, code: 'NOT_FOUND', message: 'x' },
  { statusCode: '500', error: 'Internal', code: 'INTERNAL', message: 'x' },
  null,
  'Internal Server Error',
  [],
]

describe('isApiErrorBody', () => {
  it('accepts exactly what the contract’s ApiErrorSchema accepts', () => {
    for (const body of BODIES)
      expect(isApiErrorBody(body), JSON.stringify(body)).toBe(ApiErrorSchema.safeParse(body).success)
  })
})

describe('createRequester', () => {
  it('turns the error shape into an ApiError, and anything else into an HTTP_ERROR', async () => {
    const answers = [
      Response.json(
        { statusCode: 410, error: 'Gone', code: 'EMAIL_CODE_EXPIRED', message: 'Expired.' },
        { status: 410 },
      ),
      new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ]
    const api = createRequester({
      baseUrl: 'http://api.test/',
      fetch: () => Promise.resolve(answers.shift() as Response),
    })
    await expect(api.request('POST', 'auth/confirm')).rejects.toMatchObject({ code: 'EMAIL_CODE_EXPIRED', status: 410 })
    await expect(api.request('GET', 'x')).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 502 })
  })
})
