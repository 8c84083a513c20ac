import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import {
  AppleLoginBodySchema,
  AuthenticatedUserSchema,
  DiscordLoginBodySchema,
  GoogleLoginBodySchema,
} from '@storyreel/contracts/auth'

import type { IdentityProvider } from '#src/adapters/identity/identity-verifier.ts'
import { forbidCaching } from '#src/plugins/security-headers.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import { getClientInfo } from './auth.guard.ts'
import type { ProviderLoginService } from './provider-login.service.ts'

const ERRORS =
  '404 PROVIDER_DISABLED when the provider is not configured, 401 PROVIDER_TOKEN_INVALID when it does not ' +
  'verify, 409 PROVIDER_EMAIL_UNVERIFIED when an account has this e-mail but the provider has not verified ' +
  'it, 503 PROVIDER_UNAVAILABLE when the provider cannot be reached.'

/** POST /api/v1/auth/{apple,google,discord}-login (decision 014): only the verified identity is trusted. */
export function registerProviderLoginRoutes(
  app: FastifyInstance,
  { providerLogin, limits }: { providerLogin: ProviderLoginService; limits: { authPerMinute: number } },
) {
  // Answers carry a session: none may be cached.
  void app.register((scope, _options, done) => {
    forbidCaching(scope)
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const config = { rateLimit: { max: limits.authPerMinute, timeWindow: '1 minute' } }
    const tags = ['Sign-in providers']
    // Before validation, so a client of a provider that is off learns that, not which fields it got wrong.
    const onlyWhenEnabled =
      (provider: IdentityProvider) => (_request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        providerLogin.requireEnabled(provider)
        done()
      }

    api.post(
      '/api/v1/auth/apple-login',
      {
        config,
        preValidation: onlyWhenEnabled('apple'),
        schema: {
          tags,
          summary: 'Sign in with Apple',
          description:
            "Verifies `id_token` against Apple's keys: issuer, audience (APPLE_ID), expiry, and the `nonce` claim, " +
            'which must be the raw nonce sent here or its SHA-256 hex (as iOS sends it to Apple). `first_name` and ' +
            '`last_name` name a new account only; `email` and `apple_identifier` are ignored in favour of the token. ' +
            ERRORS,
          body: AppleLoginBodySchema,
          response: { 200: AuthenticatedUserSchema },
        },
      },
      async (request) => providerLogin.apple(request.body, getClientInfo(request)),
    )

    api.post(
      '/api/v1/auth/google-login',
      {
        config,
        preValidation: onlyWhenEnabled('google'),
        schema: {
          tags,
          summary: 'Sign in with Google',
          description:
            "Verifies the Google `credential` (an ID token) against Google's keys: issuer, audience " +
            '(GOOGLE_CLIENT_ID), expiry, and `nonce` when one is sent. Names come from the token; `email`, ' +
            '`first_name` and `google_identifier` in the body are ignored. ' +
            ERRORS,
          body: GoogleLoginBodySchema,
          response: { 200: AuthenticatedUserSchema },
        },
      },
      async (request) => providerLogin.google(request.body, getClientInfo(request)),
    )

    api.post(
      '/api/v1/auth/discord-login',
      {
        config,
        preValidation: onlyWhenEnabled('discord'),
        schema: {
          tags,
          summary: 'Sign in with Discord',
          description:
            "Exchanges the authorization code from Discord's redirect (scopes `identify email`) and reads the " +
            'user. `redirect_uri` must equal the configured DISCORD_REDIRECT_URI (else 400); the client checks ' +
            '`state` against the one it sent before calling. ' +
            ERRORS,
          body: DiscordLoginBodySchema,
          response: { 200: AuthenticatedUserSchema },
        },
      },
      async (request) => providerLogin.discord(request.body, getClientInfo(request)),
    )
    done()
  })
}
