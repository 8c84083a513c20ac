import { z } from 'zod'

import { createConfiguredEndpointFetch, type OutgoingFetch } from '@storyreel/engine/engine'

import type { IdentityConfig } from '#src/config.ts'

import { readEmailClaim, readNameClaim } from './id-token.ts'
import { PROVIDER_TIMEOUT_MS, type IdentityVerifier, type VerificationResult } from './identity-verifier.ts'

type DiscordConfig = NonNullable<IdentityConfig['discord']>
type Failure = Extract<VerificationResult, { ok: false }>

const TokenResponseSchema = z.object({ access_token: z.string().min(1), token_type: z.string() })
const DiscordUserSchema = z.object({
  id: z.string().min(1).max(255),
  username: z.string(),
  global_name: z.string().nullish(),
  // Present only with the `email` scope; `verified` says whether Discord confirmed that address.
  email: z.string().nullish(),
  verified: z.boolean().optional(),
})

const unavailable = (message: string): Failure => ({ ok: false, reason: 'unavailable', message })

type Answer = Awaited<ReturnType<OutgoingFetch>>

/**
 * Any network failure or timeout is Discord being unreachable, never the client's fault. Calls go through the
 * outgoing guard, to the configured API host only.
 */
async function call(
  fetch: OutgoingFetch,
  url: string,
  init: Parameters<OutgoingFetch>[1],
): Promise<{ answer: Answer } | Failure> {
  try {
    return { answer: await fetch(url, init) }
  } catch (error) {
    return unavailable(`Discord ${url} unreachable: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function readJson<T>(
  response: Answer,
  schema: z.ZodType<T>,
  what: string,
): Promise<{ ok: true; value: T } | Failure> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined))
  return parsed.success ? { ok: true, value: parsed.data } : unavailable(`Discord sent an unexpected ${what} response`)
}

/**
 * Sign in with Discord: the authorization code is exchanged server-side (the client secret never leaves
 * the server), then the user is read with the access token. The redirect must be the configured one.
 * @see https://discord.com/developers/docs/topics/oauth2#authorization-code-grant
 */
export function createDiscordVerifier(config: DiscordConfig): IdentityVerifier<'discord'> {
  const fetch = createConfiguredEndpointFetch(config.apiUrl, PROVIDER_TIMEOUT_MS)
  return {
    provider: 'discord',
    async verify({ code, redirectUri }) {
      if (redirectUri !== config.redirectUri) {
        return {
          ok: false,
          reason: 'bad_request',
          message: `redirect_uri must be ${config.redirectUri}, the one this server is registered with at Discord.`,
        }
      }
      const tokenCall = await call(fetch, `${config.apiUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: config.redirectUri,
        }).toString(),
      })
      if (!('answer' in tokenCall)) return tokenCall
      const tokenResponse = tokenCall.answer
      // 400 is Discord's answer to a wrong, used or expired code (invalid_grant). A 401 means our own
      // client credentials were refused: a server problem the person cannot fix by trying again.
      if (tokenResponse.status === 400) {
        await tokenResponse.body?.cancel()
        return {
          ok: false,
          reason: 'invalid',
          message: 'This Discord sign-in has expired or was already used. Sign in again.',
        }
      }
      if (!tokenResponse.ok) {
        await tokenResponse.body?.cancel()
        return unavailable(`Discord token exchange answered ${tokenResponse.status}`)
      }
      const token = await readJson(tokenResponse, TokenResponseSchema, 'token')
      if (!token.ok) return token

      const userCall = await call(fetch, `${config.apiUrl}/users/@me`, {
        headers: { authorization: `Bearer ${token.value.access_token}`, accept: 'application/json' },
      })
      if (!('answer' in userCall)) return userCall
      const userResponse = userCall.answer
      if (!userResponse.ok) {
        await userResponse.body?.cancel()
        return unavailable(`Discord users/@me answered ${userResponse.status}`)
      }
      const user = await readJson(userResponse, DiscordUserSchema, 'user')
      if (!user.ok) return user

      const { id, email: rawEmail, verified, global_name: globalName, username } = user.value
      const email = readEmailClaim(rawEmail)
      return {
        ok: true,
        identity: {
          provider: 'discord',
          subject: id,
          email,
          emailVerified: email !== undefined && verified === true,
          // Discord has display names, not first and last names.
          firstName: readNameClaim(globalName) ?? readNameClaim(username),
          lastName: null,
        },
      }
    },
  }
}
