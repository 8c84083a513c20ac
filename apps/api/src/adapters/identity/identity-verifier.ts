export type IdentityProvider = 'apple' | 'google' | 'discord'

/** What each provider's verifier needs from the client: a token or code to check, never a claimed identity. */
export type IdentityCredentials = {
  apple: { idToken: string; nonce: string }
  google: { idToken: string; nonce: string | undefined }
  discord: { code: string; redirectUri: string }
}

/** Only what the provider itself vouched for, read from a verified token or the provider's API. */
export type ProviderIdentity = {
  provider: IdentityProvider
  subject: string
  /** Lower-cased; undefined when the provider shared none or it is not a valid address. */
  email: string | undefined
  emailVerified: boolean
  firstName: string | null
  lastName: string | null
}

/**
 * A failure the caller must answer: `invalid` is the client's credential, `unavailable` is the
 * provider (network, 5xx, key set), `bad_request` is a request that could never succeed as sent.
 * `message` is written for people for `invalid` and `bad_request`; for `unavailable` it is for the log.
 */
export type VerificationResult =
  | { ok: true; identity: ProviderIdentity }
  | { ok: false; reason: 'invalid' | 'unavailable' | 'bad_request'; message: string }

/** One provider's verification over its own protocol. */
export type IdentityVerifier<P extends IdentityProvider = IdentityProvider> = {
  provider: P
  verify(credential: IdentityCredentials[P]): Promise<VerificationResult>
}

/** Undefined for a provider the server is not configured for. */
export type IdentityVerifiers = { [P in IdentityProvider]: IdentityVerifier<P> | undefined }

/** Outbound calls to a provider give up after this, so a slow provider cannot hold a request open. */
export const PROVIDER_TIMEOUT_MS = 5000
