import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose'

import { createConfiguredEndpointFetch } from '@storyreel/engine/engine'

import { EmailSchema } from '@storyreel/contracts/auth'

import { PROVIDER_TIMEOUT_MS, type VerificationResult } from './identity-verifier.ts'

type Failure = Extract<VerificationResult, { ok: false }>

/** A clock skew this small between us and the provider is normal; larger means a stale token. */
const CLOCK_TOLERANCE_SECONDS = 30

/** jose errors that mean "this token is not good"; anything else (fetch, timeout, bad key set) is the provider's side. */
const TOKEN_ERRORS = [
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
] as const

/**
 * Verifies an OpenID Connect ID token against the provider's published keys: signature, issuer, audience
 * and expiry. The key set is fetched on first use and cached by jose (refetched for an unknown key id).
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 */
export function createIdTokenVerifier({
  label,
  issuers,
  audience,
  jwksUrl,
}: {
  /** The provider's name as people know it, for messages. */
  label: string
  issuers: string[]
  audience: string
  jwksUrl: string
}) {
  // The keys come through the outgoing guard, from the configured host only, like every other outgoing call.
  const guarded = createConfiguredEndpointFetch(jwksUrl, PROVIDER_TIMEOUT_MS)
  const jwks = createRemoteJWKSet(new URL(jwksUrl), {
    timeoutDuration: PROVIDER_TIMEOUT_MS,
    [customFetch]: (url: string, init: { method: string; headers: Headers; signal: AbortSignal }) =>
      guarded(url, {
        method: init.method,
        headers: Object.fromEntries(init.headers.entries()),
        signal: init.signal,
      }),
  })
  const invalid = (message: string): Failure => ({ ok: false, reason: 'invalid', message })

  function toFailure(error: unknown): Failure {
    if (error instanceof errors.JWTExpired) return invalid(`This ${label} sign-in has expired. Sign in again.`)
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') return invalid(`This ${label} sign-in was made for another app.`)
      if (error.claim === 'iss') return invalid(`This ${label} sign-in was not issued by ${label}.`)
      return invalid(`This ${label} sign-in is not valid (${error.claim}: ${error.reason}). Sign in again.`)
    }
    if (TOKEN_ERRORS.some((type) => error instanceof type)) {
      return invalid(`This ${label} sign-in could not be verified. Sign in again.`)
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { ok: false, reason: 'unavailable', message: `${label} key set at ${jwksUrl} unusable: ${detail}` }
  }

  return async function verifyIdToken(
    token: string,
  ): Promise<{ ok: true; claims: JWTPayload & { sub: string } } | Failure> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: issuers,
        audience,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      })
      const { sub } = payload
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) {
        return invalid(`This ${label} sign-in names no account. Sign in again.`)
      }
      return { ok: true, claims: { ...payload, sub } }
    } catch (error) {
      return toFailure(error)
    }
  }
}

/** The token's e-mail, lower-cased as accounts store it; a value that is not an address counts as none. */
export function readEmailClaim(value: unknown): string | undefined {
  const parsed = EmailSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** A name claim as a profile name: trimmed, bounded like the profile field, or null. */
export function readNameClaim(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim().slice(0, 80)
  return trimmed || null
}
