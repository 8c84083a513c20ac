import { expect } from 'vitest'

import { ApiErrorSchema, type ApiError } from '@storyreel/contracts/errors'

/** Checks an answer is the API's one error shape with this status and code, and returns its body. */
export function expectApiError(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
): ApiError {
  expect(response.statusCode, response.body).toBe(status)
  const body = ApiErrorSchema.parse(response.json())
  expect(body.code).toBe(code)
  return body
}
