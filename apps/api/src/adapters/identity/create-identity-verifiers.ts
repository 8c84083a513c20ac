import type { IdentityConfig } from '#src/config.ts'

import { createAppleVerifier } from './apple-verifier.ts'
import { createDiscordVerifier } from './discord-verifier.ts'
import { createGoogleVerifier } from './google-verifier.ts'
import type { IdentityVerifiers } from './identity-verifier.ts'

/** One verifier per configured provider, built once; the key sets they fetch are cached for the process. */
export function createIdentityVerifiers(identity: IdentityConfig): IdentityVerifiers {
  return {
    apple: identity.apple ? createAppleVerifier(identity.apple) : undefined,
    google: identity.google ? createGoogleVerifier(identity.google) : undefined,
    discord: identity.discord ? createDiscordVerifier(identity.discord) : undefined,
  }
}
