import type { IdentityConfig } from '#src/config.ts'

import { createIdTokenVerifier, readEmailClaim, readNameClaim } from './id-token.ts'
import type { IdentityVerifier } from './identity-verifier.ts'

type GoogleConfig = NonNullable<IdentityConfig['google']>

/** Google's tokens carry `https://accounts.google.com` or plain `accounts.google.com`; both are Google. */
function issuerForms(issuer: string): string[] {
  const bare = issuer.replace(/^https?:\/\//, '')
  return bare === issuer ? [issuer, `https://${issuer}`] : [issuer, bare]
}

/**
 * Sign in with Google: the credential is an ID token signed with Google's keys. Only `email_verified: true`
 * lets the address link to an existing account.
 * @see https://developers.google.com/identity/gsi/web/guides/verify-google-id-token
 */
export function createGoogleVerifier(config: GoogleConfig): IdentityVerifier<'google'> {
  const verifyIdToken = createIdTokenVerifier({
    label: 'Google',
    issuers: issuerForms(config.issuer),
    audience: config.clientId,
    jwksUrl: config.jwksUrl,
  })
  return {
    provider: 'google',
    async verify({ idToken, nonce }) {
      const result = await verifyIdToken(idToken)
      if (!result.ok) return result
      const { claims } = result
      // Google Identity Services makes the nonce optional; when the client used one, the token must echo it.
      if (nonce !== undefined && claims.nonce !== nonce) {
        return {
          ok: false,
          reason: 'invalid',
          message: 'This Google sign-in belongs to another attempt. Sign in again.',
        }
      }
      const email = readEmailClaim(claims.email)
      return {
        ok: true,
        identity: {
          provider: 'google',
          subject: claims.sub,
          email,
          emailVerified: email !== undefined && claims.email_verified === true,
          firstName: readNameClaim(claims.given_name),
          lastName: readNameClaim(claims.family_name),
        },
      }
    },
  }
}
