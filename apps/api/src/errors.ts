import { STATUS_CODES } from 'node:http'

export type ErrorCode =
  'NOT_FOUND' | 'VALIDATION_FAILED' | 'RATE_LIMITED' | 'INTERNAL_ERROR' | 'BAD_REQUEST' | 'DATABASE_UNAVAILABLE'

/** Services throw this; the error handler turns it into the one API error shape (STYLE §5). */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly statusCode: number

  constructor(code: ErrorCode, statusCode: number, message: string) {
    super(message)
    this.code = code
    this.statusCode = statusCode
  }
}

export function toErrorBody(statusCode: number, code: string, message: string | string[]) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message }
}
