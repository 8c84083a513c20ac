import { createHash, timingSafeEqual } from 'node:crypto'

import type { IdentityConfig } from '#src/config.ts'

import { createIdTokenVerifier, readEmailClaim } from './id-token.ts'
import type { IdentityVerifier } from './identity-verifier.ts'

type AppleConfig = NonNullable<IdentityConfig['apple']>

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The client sends the raw nonce. On the web it goes to Apple as is; on iOS, AuthenticationServices is given
 * its SHA-256 hex, and that is what the token carries. Either form proves the token was minted for this attempt.
 */
export function isAppleNonceMatch(claim: unknown, rawNonce: string): boolean {
  if (typeof claim !== 'string') return false
  const hashed = createHash('sha256').update(rawNonce).digest('hex')
  return sameText(claim, rawNonce) || sameText(claim, hashed)
}

/**
 * Sign in with Apple: the identity token is an OpenID Connect ID token signed with Apple's keys. Apple puts
 * no name in it (it hands the name to the client once), so names are left to the caller.
 * @see https://developer.apple.com/documentation/sign_in_with_apple/verifying-a-user
 */
export function createAppleVerifier(config: AppleConfig): IdentityVerifier<'apple'> {
  const verifyIdToken = createIdTokenVerifier({
    label: 'Apple',
    issuers: [config.issuer],
    audience: config.clientId,
    jwksUrl: config.jwksUrl,
  })
  return {
    provider: 'apple',
    async verify({ idToken, nonce }) {
      const result = await verifyIdToken(idToken)
      if (!result.ok) return result
      const { claims } = result
      if (!isAppleNonceMatch(claims.nonce, nonce)) {
        return {
          ok: false,
          reason: 'invalid',
          message: 'This Apple sign-in belongs to another attempt. Sign in again.',
        }
      }
      const email = readEmailClaim(claims.email)
      // Apple sends email_verified as a boolean or as the string "true", depending on the flow.
      const emailVerified = email !== undefined && (claims.email_verified === true || claims.email_verified === 'true')
      return {
        ok: true,
        identity: { provider: 'apple', subject: claims.sub, email, emailVerified, firstName: null, lastName: null },
      }
    },
  }
}
