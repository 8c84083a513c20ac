import type { FastifyInstance } from 'fastify'

import {
  CONFIRMATION_CODE_LENGTH,
  CONFIRMATION_CODE_RESEND_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@storyreel/contracts/auth'
import { PublicConfigSchema, type PublicConfig } from '@storyreel/contracts/public-config'
import type { StockProvider } from '@storyreel/contracts/stock'

import type { IdentityConfig } from '#src/config.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

/** Public values only: client ids and redirect URIs are meant to be seen; secrets never leave config. */
export function getPublicConfig(
  identity: IdentityConfig,
  studio: { isScriptWriterHosted: boolean; hasImageEngine: boolean; stock: StockProvider[] },
): PublicConfig {
  const { apple, google, discord } = identity
  return {
    api_version: 1,
    sign_in: { apple: Boolean(apple), google: Boolean(google), discord: Boolean(discord) },
    apple: apple ? { client_id: apple.clientId, redirect_uri: apple.redirectUri ?? null } : null,
    google: google ? { client_id: google.clientId } : null,
    discord: discord
      ? {
          client_id: discord.clientId,
          redirect_uri: discord.redirectUri,
          authorize_url: `${discord.apiUrl.replace(/\/api(\/v\d+)?$/, '')}/oauth2/authorize`,
        }
      : null,
    password: { min_length: PASSWORD_MIN_LENGTH, max_length: PASSWORD_MAX_LENGTH },
    confirmation_code: { length: CONFIRMATION_CODE_LENGTH, resend_seconds: CONFIRMATION_CODE_RESEND_SECONDS },
    studio: {
      script_writer: studio.isScriptWriterHosted ? 'hosted' : 'offline',
      hosted_images: studio.hasImageEngine,
      stock: studio.stock,
    },
  }
}

export function registerPublicConfigRoutes(
  app: FastifyInstance,
  identity: IdentityConfig,
  studio: { isScriptWriterHosted: boolean; hasImageEngine: boolean; stock: StockProvider[] },
) {
  const body = getPublicConfig(identity, studio)
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/config',
    {
      schema: {
        tags: ['Site'],
        summary: 'Public settings: sign-in provider flags and their public client ids, and which script writer drafts',
        response: { 200: PublicConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  )
}
