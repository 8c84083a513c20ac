import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

import { startStockStandIn } from '@storyreel/api/testing/stock-stand-in'

import { STAND_INS } from './stand-ins-config.ts'

/**
 * The outside services of sign-in, on 127.0.0.1, speaking their real protocols: an SMTP
 * receiver for the code e-mails, an identity provider that publishes its keys and mints Google and Apple
 * ID tokens, Discord's OAuth authorize, token and users/@me endpoints, and Pexels's and Pixabay's search APIs
 * with their media files (on a port of their own). Playwright starts it as a web server before the product;
 * tests read mail and mint tokens over its HTTP side.
 */
type Mail = { to: string; subject: string; text: string }
type DiscordUser = { id: string; username: string; global_name: string | null; email: string; verified: boolean }

const mails: Mail[] = []
const discordCodes = new Map<string, DiscordUser>()
const discordTokens = new Map<string, DiscordUser>()
const key = await generateKeyPair('RS256', { extractable: true })
const jwks = { keys: [{ ...(await exportJWK(key.publicKey)), kid: 'e2e-1', alg: 'RS256', use: 'sig' }] }

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (parsed) => {
        const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''))
        mails.push({ to: to.join(', ').toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '' })
        callback()
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    )
  },
})
await new Promise<void>((resolve) => smtp.listen(STAND_INS.smtpPort, '127.0.0.1', resolve))

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function mintIdToken(provider: 'google' | 'apple', params: URLSearchParams) {
  const now = Math.floor(Date.now() / 1000)
  const claims: Record<string, unknown> = {
    sub: params.get('sub') ?? randomBytes(8).toString('hex'),
    email: params.get('email') ?? undefined,
    email_verified: provider === 'apple' ? 'true' : true,
    nonce: params.get('nonce') ?? undefined,
    ...(provider === 'google' ? { given_name: params.get('given_name') ?? undefined } : {}),
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e-1', typ: 'JWT' })
    .setIssuer(provider === 'google' ? STAND_INS.googleIssuer : STAND_INS.appleIssuer)
    .setAudience(provider === 'google' ? STAND_INS.googleClientId : STAND_INS.appleClientId)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key.privateKey)
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', STAND_INS.url)
  const path = url.pathname
  if (path === '/healthz') return send(response, 200, { status: 'ok' })
  if (path === '/mails')
    return send(
      response,
      200,
      mails.filter((mail) => mail.to === url.searchParams.get('to')),
    )
  if (path === '/jwks') return send(response, 200, jwks)
  // Token minting, as Google's and Apple's SDKs would receive from their servers after the person agrees.
  if (path === '/google/token' || path === '/apple/token') {
    const token = await mintIdToken(path.startsWith('/google') ? 'google' : 'apple', url.searchParams)
    return send(response, 200, { id_token: token }, { 'access-control-allow-origin': '*' })
  }
  if (path === '/discord/oauth2/authorize') {
    // The person approves at once: Discord sends them back to the app with a single-use code.
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '')
    if (
      url.searchParams.get('client_id') !== STAND_INS.discordClientId ||
      redirect.href !== STAND_INS.discordRedirectUri
    ) {
      return send(response, 400, { error: 'invalid_request' })
    }
    const code = randomBytes(16).toString('hex')
    const id = String(Date.now()) + String(Math.floor(Math.random() * 1000))
    discordCodes.set(code, {
      id,
      username: `player_${id.slice(-4)}`,
      global_name: 'Robin',
      email: `discord-${id}@e2e.test`,
      verified: true,
    })
    redirect.searchParams.set('code', code)
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '')
    response.writeHead(302, { location: redirect.toString() }).end()
    return
  }
  if (path === '/discord/api/oauth2/token' && request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request))
    if (
      form.get('client_id') !== STAND_INS.discordClientId ||
      form.get('client_secret') !== STAND_INS.discordClientSecret
    ) {
      return send(response, 401, { error: 'invalid_client' })
    }
    const user = discordCodes.get(form.get('code') ?? '')
    if (!user || form.get('redirect_uri') !== STAND_INS.discordRedirectUri)
      return send(response, 400, { error: 'invalid_grant' })
    discordCodes.delete(form.get('code') ?? '')
    const accessToken = randomBytes(24).toString('base64url')
    discordTokens.set(accessToken, user)
    return send(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      scope: 'identify email',
    })
  }
  if (path === '/discord/api/users/@me') {
    const user = discordTokens.get(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '')
    return user ? send(response, 200, user) : send(response, 401, { message: '401: Unauthorized', code: 0 })
  }
  return send(response, 404, { message: 'not found' })
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => send(response, 500, { message: String(error) }))
})
await new Promise<void>((resolve) => server.listen(STAND_INS.httpPort, '127.0.0.1', resolve))
// Pexels and Pixabay, with real small files made here with ffmpeg.
await startStockStandIn({ port: STAND_INS.stockPort })

const stop = () => {
  server.close()
  smtp.close(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
