import { STATUS_CODES } from 'node:http'

import type { EngineError, EngineName } from '@storyreel/engine/engine'

/** Stable names of problems: clients branch on these, people read the message. */
export type ErrorCode =
  | 'NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'BAD_REQUEST'
  | 'MISSING_HOST'
  | 'DUPLICATE_HOST'
  | 'DATABASE_UNAVAILABLE'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'API_KEY_INVALID'
  | 'API_KEY_SCOPE'
  | 'API_KEY_NOT_ALLOWED'
  | 'API_KEY_LIMIT'
  | 'API_KEY_NOT_FOUND'
  | 'API_KEY_REQUIRED'
  | 'METHOD_NOT_ALLOWED'
  | 'EMAIL_TAKEN'
  | 'WEAK_PASSWORD'
  | 'INVALID_CREDENTIALS'
  | 'LOGIN_LOCKED'
  | 'ACCOUNT_DISABLED'
  | 'EMAIL_CODE_INVALID'
  | 'EMAIL_CODE_EXPIRED'
  | 'EMAIL_CODE_EXHAUSTED'
  | 'CODE_REQUIRED'
  | 'PASSWORD_REQUIRED'
  | 'PASSWORD_INCORRECT'
  | 'PASSWORD_UNCHANGED'
  | 'NO_PASSWORD'
  | 'EMAIL_UNCHANGED'
  | 'EMAIL_CHANGE_NEEDS_CODE'
  | 'SESSION_NOT_FOUND'
  | 'CODE_COOLDOWN'
  | 'PASSWORD_CHANGED'
  | 'ALREADY_CONFIRMED'
  | 'USER_NOT_FOUND'
  | 'MAIL_NOT_SENT'
  | 'PROVIDER_DISABLED'
  | 'PROVIDER_TOKEN_INVALID'
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_EMAIL_UNVERIFIED'
  | 'NOT_ADMIN'
  | 'ADMIN_SET_BY_CONFIG'
  | 'CANNOT_CHANGE_SELF'
  | 'REDEEM_CODES_EMPTY'
  | 'REDEEM_CODES_DAILY_LIMIT'
  | 'CORS_ORIGIN_DENIED'
  | 'INVALID_PREFLIGHT'
  | 'ACCOUNT_NOT_CONFIRMED'
  | 'PROJECT_NOT_FOUND'
  | 'SCENE_NOT_FOUND'
  | 'RENDER_NOT_FOUND'
  | 'RENDER_IN_PROGRESS'
  | 'RENDER_NOT_RETRYABLE'
  | 'RENDER_LIMIT_REACHED'
  | 'RESOLUTION_NOT_IN_PLAN'
  | 'STORYBOARD_INVALID'
  | 'NARRATION_TOO_LONG'
  | 'SCRIPT_TOO_LONG'
  | 'SOURCE_UNUSABLE'
  | 'PROMPT_LANGUAGE_UNSUPPORTED'
  | 'VOICE_NOT_FOUND'
  | 'MUSIC_NOT_FOUND'
  | 'SCRIPT_ENGINE_UNAVAILABLE'
  | 'VOICE_ENGINE_UNAVAILABLE'
  | 'VISUAL_ENGINE_UNAVAILABLE'
  | 'RENDERER_UNAVAILABLE'
  | 'PREVIEW_BUSY'
  | 'THUMBNAIL_BUSY'
  | 'THUMBNAIL_OUTDATED'
  | 'MEDIA_LINK_INVALID'
  | 'MEDIA_LINK_EXPIRED'
  | 'MEDIA_STORE_UNAVAILABLE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'ASSET_NOT_FOUND'
  | 'FILE_TOO_LARGE'
  | 'FILE_EMPTY'
  | 'FILE_UNREADABLE'
  | 'UNSUPPORTED_FILE_TYPE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'HEIC_NOT_SUPPORTED'
  | 'TOO_MANY_PIXELS'
  | 'MEDIA_TOO_LONG'
  | 'QUOTA_EXCEEDED'
  | 'UPLOAD_STALLED'
  | 'UPLOAD_INCOMPLETE'
  | 'ASSET_FAILED'
  | 'MEDIA_KIND_MISMATCH'
  | 'CLIP_TRIM_INVALID'
  | 'IMAGE_ENGINE_NOT_CONFIGURED'
  | 'STOCK_NOT_CONFIGURED'
  | 'STOCK_RATE_LIMITED'
  | 'STOCK_UNAVAILABLE'
  | 'STOCK_ITEM_NOT_FOUND'
  | 'LOGO_FORMAT'
  | 'FONT_UNREADABLE'
  | 'FONT_COLLECTION'
  | 'BRAND_FONT_NOT_IN_PLAN'
  | 'TEMPLATE_NOT_FOUND'
  | 'TEMPLATE_BUILT_IN'
  | 'TEMPLATE_LIMIT_REACHED'
  | 'SCRIPT_DOES_NOT_FIT_TEMPLATE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'WEBHOOK_NOT_FOUND'
  | 'WEBHOOK_LIMIT'
  | 'WEBHOOK_URL_NOT_ALLOWED'
  | 'WEBHOOK_DELIVERY_NOT_FOUND'
  | 'BATCH_NOT_FOUND'
  | 'BATCH_INVALID'
  | 'BATCH_OVER_DAILY_LIMIT'

/** Services throw this; the error handler turns it into the one API error shape. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly statusCode: number
  /** One line per problem, for a validation failure a service finds itself. */
  readonly problems: string[] | undefined

  /** Sent as Retry-After, for a refusal that ends after a known wait. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    code: ErrorCode,
    statusCode: number,
    message: string | string[],
    { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
  ) {
    super(typeof message === 'string' ? message : message.join('\n'))
    this.code = code
    this.statusCode = statusCode
    this.problems = typeof message === 'string' ? undefined : message
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * The one answer to a signed link that does not verify: 403 for a link we did not issue (or that was altered),
 * 410 for one past its time, saying where a fresh one comes from.
 */
export function linkRefusal(reason: 'invalid' | 'expired', reopen: 'the project' | 'the batch'): AppError {
  return reason === 'expired'
    ? new AppError('MEDIA_LINK_EXPIRED', 410, `This link has expired. Open ${reopen} again for a new one.`)
    : new AppError('MEDIA_LINK_INVALID', 403, 'This link is not valid.')
}

export function toErrorBody(statusCode: number, code: string, message: string | string[]) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message }
}

const UNAVAILABLE_CODES: Record<EngineName, ErrorCode> = {
  script: 'SCRIPT_ENGINE_UNAVAILABLE',
  voice: 'VOICE_ENGINE_UNAVAILABLE',
  visuals: 'VISUAL_ENGINE_UNAVAILABLE',
  encoder: 'RENDERER_UNAVAILABLE',
  renderer: 'RENDERER_UNAVAILABLE',
}

/**
 * The API's answer to an engine's error, by its kind; undefined for kinds that are our fault (a crash, a
 * failure), which the error handler answers as a 500 and logs.
 */
export function fromEngineError(error: EngineError): AppError | undefined {
  switch (error.kind) {
    case 'unavailable':
      return new AppError(UNAVAILABLE_CODES[error.engine], 502, error.message)
    case 'not-found':
      return error.engine === 'voice' ? new AppError('VOICE_NOT_FOUND', 404, error.message) : undefined
    case 'invalid':
      // The script engine refuses a script too long for any video it could make, and a prompt or script
      // it cannot draft from at all (a 6,000-letter "word", nothing but emoji).
      if (error.engine !== 'script') return new AppError('STORYBOARD_INVALID', 422, error.message)
      return error.reason === 'unusable'
        ? new AppError('SOURCE_UNUSABLE', 422, error.message)
        : new AppError('SCRIPT_TOO_LONG', 422, error.message)
    default:
      return undefined
  }
}
