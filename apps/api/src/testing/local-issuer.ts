import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { exportJWK, generateKeyPair, SignJWT, type GenerateKeyPairResult, type JWTPayload } from 'jose'

export type SigningKey = { kid: string; alg: 'RS256' | 'ES256' } & GenerateKeyPairResult

/** A key pair of our own, for the issuer or for forging a token the issuer never signed. */
export async function generateSigningKey(
  alg: SigningKey['alg'],
  kid = `${alg.toLowerCase()}-${randomBytes(4).toString('hex')}`,
) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  return { kid, alg, privateKey, publicKey } satisfies SigningKey
}

export type DiscordUser = {
  id: string
  username: string
  global_name?: string | null
  email?: string | null
  verified?: boolean
}

export type DiscordApp = { clientId: string; clientSecret: string; redirectUri: string }

export type LocalIssuer = Awaited<ReturnType<typeof startLocalIssuer>>

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * A stand-in identity provider on 127.0.0.1: signs ID tokens with its own RSA and EC keys and
 * publishes them at `jwksUrl`, and speaks Discord's OAuth code exchange and `users/@me`. The API's real
 * verifiers are pointed at it, so tests exercise the real signature, issuer, audience, expiry and nonce checks.
 */
export async function startLocalIssuer({ discord }: { discord: DiscordApp }) {
  const keys = { rsa: await generateSigningKey('RS256', 'rsa-1'), ec: await generateSigningKey('ES256', 'ec-1') }
  const jwks = {
    keys: await Promise.all(
      Object.values(keys).map(async (key) => ({
        ...(await exportJWK(key.publicKey)),
        kid: key.kid,
        alg: key.alg,
        use: 'sig',
      })),
    ),
  }
  const codes = new Map<string, DiscordUser>()
  const accessTokens = new Map<string, DiscordUser>()
  const requests: string[] = []
  let outage = false

  async function handleDiscordToken(request: IncomingMessage, response: ServerResponse) {
    const form = await readForm(request)
    if (form.get('client_id') !== discord.clientId || form.get('client_secret') !== discord.clientSecret) {
      return send(response, 401, { error: 'invalid_client' })
    }
    if (form.get('grant_type') !== 'authorization_code') return send(response, 400, { error: 'unsupported_grant_type' })
    const user = codes.get(form.get('code') ?? '')
    if (!user || form.get('redirect_uri') !== discord.redirectUri)
      return send(response, 400, { error: 'invalid_grant' })
    codes.delete(form.get('code') ?? '')
    const accessToken = randomBytes(24).toString('base64url')
    accessTokens.set(accessToken, user)
    return send(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: randomBytes(24).toString('base64url'),
      scope: 'identify email',
    })
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push(`${request.method} ${url.pathname}`)
    if (outage) return send(response, 503, { message: 'down for maintenance' })
    if (request.method === 'GET' && url.pathname === '/jwks') return send(response, 200, jwks)
    if (request.method === 'POST' && url.pathname === '/discord/api/oauth2/token') {
      handleDiscordToken(request, response).catch(() => send(response, 500, { message: 'token endpoint failed' }))
      return
    }
    if (request.method === 'GET' && url.pathname === '/discord/api/users/@me') {
      const user = accessTokens.get(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '')
      return user ? send(response, 200, user) : send(response, 401, { message: '401: Unauthorized', code: 0 })
    }
    return send(response, 404, { message: 'not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    jwksUrl: `${url}/jwks`,
    discordApiUrl: `${url}/discord/api`,
    /** Issuer names; they need not resolve, only match between the token and the API's config. */
    issuers: { google: `${url}/google`, apple: `${url}/apple` },
    keys,
    /** Every request as "METHOD /path", so a test can tell whether the provider was called at all. */
    requests,

    /** Signs `claims` as an ID token; `expiresIn` is in seconds from now and may be negative. */
    signIdToken(
      claims: JWTPayload,
      { expiresIn = 600, key = keys.rsa }: { expiresIn?: number; key?: SigningKey } = {},
    ) {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT(claims)
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuedAt(Math.min(now, now + expiresIn - 60))
        .setExpirationTime(now + expiresIn)
        .sign(key.privateKey)
    },

    /** Simulates a person approving the app at Discord: returns the single-use code its redirect would carry. */
    discordAuthorize(user: DiscordUser): string {
      const code = randomBytes(16).toString('hex')
      codes.set(code, user)
      return code
    },

    /** While on, every endpoint answers 503, as a provider in an outage does. */
    setOutage(on: boolean) {
      outage = on
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
