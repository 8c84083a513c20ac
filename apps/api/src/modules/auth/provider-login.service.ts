import type { FastifyBaseLogger } from 'fastify'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'

import type {
  IdentityCredentials,
  IdentityProvider,
  IdentityVerifiers,
  VerificationResult,
} from '#src/adapters/identity/identity-verifier.ts'
import { AppError } from '#src/errors.ts'

import type { AuthService, ClientInfo } from './auth.service.ts'

const LABELS: Record<IdentityProvider, string> = { apple: 'Apple', google: 'Google', discord: 'Discord' }

type Failure = Extract<VerificationResult, { ok: false }>

/** Sign-in with Apple, Google and Discord: verify with the provider, then sign in through the auth service. */
export function createProviderLoginService({
  auth,
  verifiers,
  log,
}: {
  auth: AuthService
  verifiers: IdentityVerifiers
  log: FastifyBaseLogger
}) {
  function toAppError(provider: IdentityProvider, failure: Failure): AppError {
    if (failure.reason === 'invalid') return new AppError('PROVIDER_TOKEN_INVALID', 401, failure.message)
    if (failure.reason === 'bad_request') return new AppError('BAD_REQUEST', 400, failure.message)
    // The detail names internal URLs and errors: it goes to the log, the person gets a plain retry message.
    log.warn({ provider, detail: failure.message }, 'sign-in provider unavailable')
    return new AppError(
      'PROVIDER_UNAVAILABLE',
      503,
      `${LABELS[provider]} cannot be reached right now. Try again in a moment, or sign in another way.`,
    )
  }

  async function signIn<P extends IdentityProvider>(
    provider: P,
    credential: IdentityCredentials[P],
    client: ClientInfo,
    names?: { firstName: string | null | undefined; lastName: string | null | undefined },
  ): Promise<AuthenticatedUser> {
    const verifier = verifiers[provider]
    if (!verifier) throw disabled(provider)
    const result = await verifier.verify(credential)
    if (!result.ok) throw toAppError(provider, result)
    return auth.providerLogin({ ...result.identity, ...names }, client)
  }

  function disabled(provider: IdentityProvider) {
    return new AppError('PROVIDER_DISABLED', 404, `Sign-in with ${LABELS[provider]} is not enabled on this server.`)
  }

  return {
    /** Throws 404 PROVIDER_DISABLED for a provider without configuration, before the body is even read. */
    requireEnabled(provider: IdentityProvider): void {
      if (!verifiers[provider]) throw disabled(provider)
    },

    /** Apple gives the name to the client only, once: it may name a new account, never identify one. */
    apple: (
      body: {
        id_token: string
        nonce: string
        first_name?: string | null | undefined
        last_name?: string | null | undefined
      },
      client: ClientInfo,
    ) =>
      signIn('apple', { idToken: body.id_token, nonce: body.nonce }, client, {
        firstName: body.first_name,
        lastName: body.last_name,
      }),

    google: (body: { credential: string; nonce?: string | undefined }, client: ClientInfo) =>
      signIn('google', { idToken: body.credential, nonce: body.nonce }, client),

    /** `state` is the client's CSRF check on its own redirect; the server keeps no state to compare it with. */
    discord: (body: { code: string; redirect_uri: string }, client: ClientInfo) =>
      signIn('discord', { code: body.code, redirectUri: body.redirect_uri }, client),
  }
}

export type ProviderLoginService = ReturnType<typeof createProviderLoginService>
