import { z } from 'zod'

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

/** Any network failure or timeout is Discord being unreachable, never the client's fault. */
async function call(url: string, init: RequestInit): Promise<Response | Failure> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  } catch (error) {
    return unavailable(`Discord ${url} unreachable: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function readJson<T>(
  response: Response,
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
      const tokenResponse = await call(`${config.apiUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: config.redirectUri,
        }),
      })
      if (!(tokenResponse instanceof Response)) return tokenResponse
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

      const userResponse = await call(`${config.apiUrl}/users/@me`, {
        headers: { authorization: `Bearer ${token.value.access_token}`, accept: 'application/json' },
      })
      if (!(userResponse instanceof Response)) return userResponse
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
