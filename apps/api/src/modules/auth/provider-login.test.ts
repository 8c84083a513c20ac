import { createHash, randomBytes, randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AuthenticatedUserSchema, UserSchema } from '@storyreel/contracts/auth'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import { PublicConfigSchema } from '@storyreel/contracts/public-config'
import { TEST_DRIVERS } from '@storyreel/db/testing'
import { getClosedUrl } from '@storyreel/engine/testing/closed-url'

import { generateSigningKey, startLocalIssuer, type DiscordUser, type LocalIssuer } from '#src/testing/local-issuer.ts'
import { createTestApp, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

const GOOGLE_CLIENT_ID = 'storyreel-web.apps.googleusercontent.test'
const APPLE_ID = 'app.storyreel.signin'
const DISCORD = {
  clientId: '1234567890',
  clientSecret: 'discord-secret-never-public',
  redirectUri: 'http://localhost:3000/auth/discord/callback',
}

const newNonce = () => randomBytes(16).toString('base64url')
const newSubject = () => randomUUID()

function errorCode(response: { json(): unknown }) {
  return ApiErrorSchema.parse(response.json()).code
}

for (const { name, url } of TEST_DRIVERS) {
  describe(`sign-in providers on ${name}`, () => {
    let issuer: LocalIssuer
    let t: TestApp

    beforeAll(async () => {
      issuer = await startLocalIssuer({ discord: DISCORD })
      t = await createTestApp({
        databaseUrl: url,
        env: {
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          GOOGLE_CLIENT_ID,
          GOOGLE_ISSUER: issuer.issuers.google,
          GOOGLE_JWKS_URL: issuer.jwksUrl,
          APPLE_ID,
          APPLE_ISSUER: issuer.issuers.apple,
          APPLE_JWKS_URL: issuer.jwksUrl,
          DISCORD_CLIENT_ID: DISCORD.clientId,
          DISCORD_CLIENT_SECRET: DISCORD.clientSecret,
          DISCORD_REDIRECT_URI: DISCORD.redirectUri,
          DISCORD_API_URL: issuer.discordApiUrl,
        },
      })
    })
    afterAll(async () => {
      await t.close()
      await issuer.close()
    })

    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, payload })
    const me = async (token: string) =>
      UserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: t.auth(token) })).json())

    const googleToken = (claims: Record<string, unknown> = {}, options?: Parameters<LocalIssuer['signIdToken']>[1]) =>
      issuer.signIdToken(
        { iss: issuer.issuers.google, aud: GOOGLE_CLIENT_ID, sub: newSubject(), email_verified: true, ...claims },
        options,
      )
    const appleToken = (claims: Record<string, unknown> = {}, options?: Parameters<LocalIssuer['signIdToken']>[1]) =>
      issuer.signIdToken({ iss: issuer.issuers.apple, aud: APPLE_ID, sub: newSubject(), ...claims }, options)
    const googleLogin = (credential: string, extra: object = {}) =>
      post('google-login', { credential, os: 'web', ...extra })
    const appleLogin = (idToken: string, nonce: string, extra: object = {}) =>
      post('apple-login', { id_token: idToken, nonce, os: 'ios', ...extra })

    describe('POST /api/v1/auth/google-login', () => {
      it('signs in with a valid token, creating a confirmed account named from the token', async () => {
        const email = uniqueEmail('google')
        const credential = await googleToken({ email, given_name: 'Maya', family_name: 'Okafor' })
        const response = await googleLogin(credential, { first_name: 'Claimed', google_identifier: 'x' })
        expect(response.statusCode).toBe(200)
        const user = AuthenticatedUserSchema.parse(response.json())
        expect(user).toMatchObject({ email, first_name: 'Maya', last_name: 'Okafor', confirmed: true, role: 'user' })
        expect(user.sign_in_methods).toEqual(['google'])
        expect((await me(user.access_token)).id).toBe(user.id)
      })

      it('returns the same account on the next sign-in, with a new token', async () => {
        const sub = newSubject()
        const email = uniqueEmail('google-again')
        const first = AuthenticatedUserSchema.parse((await googleLogin(await googleToken({ sub, email }))).json())
        const response = await googleLogin(await googleToken({ sub, email }))
        expect(response.statusCode).toBe(200)
        const second = AuthenticatedUserSchema.parse(response.json())
        expect(second.id).toBe(first.id)
        expect(second.access_token).not.toBe(first.access_token)
      })

      it('accepts the issuer with and without its scheme, as Google writes both', async () => {
        const bareIssuer = issuer.issuers.google.replace(/^https?:\/\//, '')
        const response = await googleLogin(await googleToken({ iss: bareIssuer, email: uniqueEmail('bare') }))
        expect(response.statusCode).toBe(200)
      })

      it('checks the nonce when the client sends one', async () => {
        const nonce = newNonce()
        const email = uniqueEmail('google-nonce')
        expect((await googleLogin(await googleToken({ email, nonce }), { nonce })).statusCode).toBe(200)
        const wrong = await googleLogin(await googleToken({ email, nonce }), { nonce: newNonce() })
        expect(wrong.statusCode).toBe(401)
        expect(errorCode(wrong)).toBe('PROVIDER_TOKEN_INVALID')
      })

      it('links an existing password account only once Google has verified the e-mail', async () => {
        const owner = await t.createUser()
        const sub = newSubject()
        const unverified = await googleLogin(await googleToken({ sub, email: owner.email, email_verified: false }))
        expect(unverified.statusCode).toBe(409)
        expect(errorCode(unverified)).toBe('PROVIDER_EMAIL_UNVERIFIED')
        expect((await me(owner.access_token)).sign_in_methods).toEqual(['password'])

        const verified = await googleLogin(await googleToken({ sub, email: owner.email.toUpperCase() }))
        expect(verified.statusCode).toBe(200)
        const linked = AuthenticatedUserSchema.parse(verified.json())
        expect(linked.id).toBe(owner.id)
        expect(linked.sign_in_methods).toEqual(['password', 'google'])
      })

      it('never takes over an account named by a google_identifier or e-mail in the body', async () => {
        const victimSub = newSubject()
        const victimEmail = uniqueEmail('victim')
        const victim = AuthenticatedUserSchema.parse(
          (await googleLogin(await googleToken({ sub: victimSub, email: victimEmail }))).json(),
        )
        const attackerEmail = uniqueEmail('attacker')
        const response = await googleLogin(await googleToken({ email: attackerEmail }), {
          google_identifier: victimSub,
          email: victimEmail,
        })
        expect(response.statusCode).toBe(200)
        const attacker = AuthenticatedUserSchema.parse(response.json())
        expect(attacker.id).not.toBe(victim.id)
        expect(attacker.email).toBe(attackerEmail)
      })
    })

    describe('POST /api/v1/auth/apple-login', () => {
      it('signs in with the raw nonce, naming a new account from the body and trusting the token e-mail', async () => {
        const nonce = newNonce()
        const email = uniqueEmail('apple')
        // Apple writes email_verified as a string in some flows.
        const idToken = await appleToken({ email, email_verified: 'true', nonce })
        const response = await appleLogin(idToken, nonce, { first_name: 'Ada', last_name: 'Byron', email: 'x@y.z' })
        expect(response.statusCode).toBe(200)
        const user = AuthenticatedUserSchema.parse(response.json())
        expect(user).toMatchObject({ email, first_name: 'Ada', last_name: 'Byron', confirmed: true })
        expect(user.sign_in_methods).toEqual(['apple'])
      })

      it('accepts the SHA-256 hex of the nonce (as iOS sends it) and ES256 keys, and keeps the account', async () => {
        const nonce = newNonce()
        const hashed = createHash('sha256').update(nonce).digest('hex')
        const sub = newSubject()
        const email = uniqueEmail('apple-ios')
        const first = AuthenticatedUserSchema.parse(
          (await appleLogin(await appleToken({ sub, email, email_verified: true, nonce }), nonce)).json(),
        )
        const response = await appleLogin(
          await appleToken({ sub, email, email_verified: true, nonce: hashed }, { key: issuer.keys.ec }),
          nonce,
          { first_name: 'Renamed' },
        )
        expect(response.statusCode).toBe(200)
        const second = AuthenticatedUserSchema.parse(response.json())
        expect(second.id).toBe(first.id)
        // Names from the body only name a new account.
        expect(second.first_name).toBeNull()
      })

      it('refuses a token without the nonce or with another one', async () => {
        const nonce = newNonce()
        for (const claims of [
          {},
          { nonce: newNonce() },
          { nonce: createHash('sha256').update('other').digest('hex') },
        ]) {
          const response = await appleLogin(await appleToken({ email: uniqueEmail(), ...claims }), nonce)
          expect(response.statusCode).toBe(401)
          expect(errorCode(response)).toBe('PROVIDER_TOKEN_INVALID')
        }
      })

      it('never takes over an account named by an apple_identifier or e-mail in the body', async () => {
        const owner = await t.createUser()
        const victimSub = newSubject()
        const nonce = newNonce()
        await appleLogin(await appleToken({ sub: victimSub, email: owner.email, email_verified: true, nonce }), nonce)
        const attackerEmail = uniqueEmail('apple-attacker')
        const response = await appleLogin(
          await appleToken({ email: attackerEmail, email_verified: true, nonce }),
          nonce,
          { apple_identifier: victimSub, email: owner.email },
        )
        expect(response.statusCode).toBe(200)
        const attacker = AuthenticatedUserSchema.parse(response.json())
        expect(attacker.id).not.toBe(owner.id)
        expect(attacker.email).toBe(attackerEmail)
      })

      it('answers 409 and links nothing when Apple has not verified an existing e-mail', async () => {
        const owner = await t.createUser()
        const nonce = newNonce()
        const response = await appleLogin(
          await appleToken({ email: owner.email, email_verified: 'false', nonce }),
          nonce,
        )
        expect(response.statusCode).toBe(409)
        expect(errorCode(response)).toBe('PROVIDER_EMAIL_UNVERIFIED')
        expect((await me(owner.access_token)).sign_in_methods).toEqual(['password'])
      })
    })

    describe('ID token verification', () => {
      const cases: Array<[string, (claims: Record<string, unknown>) => Promise<string>]> = [
        [
          'forged with a key that is not published',
          async (claims) => {
            // Same key id as the real key, so only the signature gives it away.
            const forger = await generateSigningKey('RS256', issuer.keys.rsa.kid)
            return issuer.signIdToken(claims, { key: forger })
          },
        ],
        ['expired', (claims) => issuer.signIdToken(claims, { expiresIn: -300 })],
        ['made for another audience', (claims) => issuer.signIdToken({ ...claims, aud: 'someone-else' })],
        ['issued by someone else', (claims) => issuer.signIdToken({ ...claims, iss: `${issuer.url}/evil` })],
        [
          'issued by the other provider',
          (claims) =>
            issuer.signIdToken({
              ...claims,
              iss: claims.iss === issuer.issuers.apple ? issuer.issuers.google : issuer.issuers.apple,
            }),
        ],
        ['without a subject', (claims) => issuer.signIdToken({ ...claims, sub: undefined })],
        ['not a JWT at all', () => Promise.resolve('not.a.jwt')],
        [
          'unsigned (alg none)',
          (claims) =>
            Promise.resolve(
              `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url')}.`,
            ),
        ],
      ]

      for (const [description, makeToken] of cases) {
        it(`answers 401 PROVIDER_TOKEN_INVALID for a token ${description}`, async () => {
          const nonce = newNonce()
          const email = uniqueEmail('bad')
          const google = await googleLogin(
            await makeToken({
              iss: issuer.issuers.google,
              aud: GOOGLE_CLIENT_ID,
              sub: newSubject(),
              email,
              email_verified: true,
            }),
          )
          const apple = await appleLogin(
            await makeToken({
              iss: issuer.issuers.apple,
              aud: APPLE_ID,
              sub: newSubject(),
              email,
              email_verified: true,
              nonce,
            }),
            nonce,
          )
          for (const response of [google, apple]) {
            expect(response.statusCode).toBe(401)
            expect(errorCode(response)).toBe('PROVIDER_TOKEN_INVALID')
          }
        })
      }

      it('says why an expired token was refused', async () => {
        const response = await googleLogin(await googleToken({ email: uniqueEmail() }, { expiresIn: -300 }))
        expect(ApiErrorSchema.parse(response.json()).message).toBe('This Google sign-in has expired. Sign in again.')
      })
    })

    describe('POST /api/v1/auth/discord-login', () => {
      const discordUser = (overrides: Partial<DiscordUser> = {}): DiscordUser => ({
        id: String(Date.now()) + String(Math.floor(Math.random() * 1e6)),
        username: 'maya_plays',
        global_name: 'Maya',
        email: uniqueEmail('discord'),
        verified: true,
        ...overrides,
      })
      const discordLogin = (code: string, redirectUri = DISCORD.redirectUri) =>
        post('discord-login', { code, redirect_uri: redirectUri, state: newNonce() })

      it('exchanges the code, creates a confirmed account, and signs the same person in again', async () => {
        const person = discordUser()
        const response = await discordLogin(issuer.discordAuthorize(person))
        expect(response.statusCode).toBe(200)
        const user = AuthenticatedUserSchema.parse(response.json())
        expect(user).toMatchObject({ email: person.email, first_name: 'Maya', last_name: null, confirmed: true })
        expect(user.sign_in_methods).toEqual(['discord'])

        const again = AuthenticatedUserSchema.parse((await discordLogin(issuer.discordAuthorize(person))).json())
        expect(again.id).toBe(user.id)
      })

      it('answers 401 for a wrong code and for a code already used', async () => {
        const wrong = await discordLogin('not-a-code-discord-gave')
        expect(wrong.statusCode).toBe(401)
        expect(errorCode(wrong)).toBe('PROVIDER_TOKEN_INVALID')

        const code = issuer.discordAuthorize(discordUser())
        expect((await discordLogin(code)).statusCode).toBe(200)
        const reused = await discordLogin(code)
        expect(reused.statusCode).toBe(401)
        expect(errorCode(reused)).toBe('PROVIDER_TOKEN_INVALID')
      })

      it('answers 400 for another redirect_uri without sending the code to Discord', async () => {
        const code = issuer.discordAuthorize(discordUser())
        const calls = issuer.requests.length
        const response = await discordLogin(code, 'https://evil.example.com/callback')
        expect(response.statusCode).toBe(400)
        expect(ApiErrorSchema.parse(response.json()).message).toContain(DISCORD.redirectUri)
        expect(issuer.requests.length).toBe(calls)
        expect((await discordLogin(code)).statusCode).toBe(200)
      })

      it('links an existing account only through a verified Discord e-mail', async () => {
        const owner = await t.createUser()
        const person = discordUser({ email: owner.email, verified: false })
        const refused = await discordLogin(issuer.discordAuthorize(person))
        expect(refused.statusCode).toBe(409)
        expect(errorCode(refused)).toBe('PROVIDER_EMAIL_UNVERIFIED')
        expect((await me(owner.access_token)).sign_in_methods).toEqual(['password'])

        const linked = await discordLogin(issuer.discordAuthorize({ ...person, verified: true }))
        expect(linked.statusCode).toBe(200)
        expect(AuthenticatedUserSchema.parse(linked.json())).toMatchObject({
          id: owner.id,
          sign_in_methods: ['password', 'discord'],
        })
      })

      it('creates no account from an e-mail Discord has not verified', async () => {
        const person = discordUser({ verified: false, global_name: null })
        const response = await discordLogin(issuer.discordAuthorize(person))
        expect(response.statusCode).toBe(409)
        expect(errorCode(response)).toBe('PROVIDER_EMAIL_UNVERIFIED')
        const login = await post('login', { email: person.email, password: 'anything-at-all' })
        expect(login.statusCode).toBe(401)
      })

      it('names a new account after the Discord user when there is no display name', async () => {
        const response = await discordLogin(issuer.discordAuthorize(discordUser({ global_name: null })))
        expect(response.statusCode).toBe(200)
        expect(AuthenticatedUserSchema.parse(response.json())).toMatchObject({
          first_name: 'maya_plays',
          confirmed: true,
        })
      })

      it('hands an unconfirmed account to the verified owner of its e-mail, dropping what someone else set up', async () => {
        // Someone registers with an address that is not theirs and never confirms it.
        const email = `owner-${Date.now()}@example.com`
        const squatter = await post('register', { email, password: 'squatter-password-123' })
        expect(squatter.statusCode).toBe(201)
        const squatterToken = AuthenticatedUserSchema.parse(squatter.json()).access_token
        // The real owner signs in with a provider that verified the address.
        const owner = await discordLogin(issuer.discordAuthorize(discordUser({ email, verified: true })))
        expect(owner.statusCode).toBe(200)
        expect(AuthenticatedUserSchema.parse(owner.json())).toMatchObject({
          email,
          confirmed: true,
          sign_in_methods: ['discord'],
        })
        expect((await t.app.inject({ url: '/api/v1/auth/me', headers: t.auth(squatterToken) })).statusCode).toBe(401)
        const squatterLogin = await post('login', { email, password: 'squatter-password-123' })
        expect(squatterLogin.statusCode).toBe(401)
      })

      it('answers 503 PROVIDER_UNAVAILABLE while Discord is down', async () => {
        const code = issuer.discordAuthorize(discordUser())
        issuer.setOutage(true)
        try {
          const response = await discordLogin(code)
          expect(response.statusCode).toBe(503)
          expect(errorCode(response)).toBe('PROVIDER_UNAVAILABLE')
          expect(response.body).not.toContain('127.0.0.1')
        } finally {
          issuer.setOutage(false)
        }
      })
    })

    describe('GET /api/v1/config', () => {
      it('turns on every configured provider with its public client id and no secret', async () => {
        const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' })
        const config = PublicConfigSchema.parse(response.json())
        expect(config.sign_in).toEqual({ apple: true, google: true, discord: true })
        expect(config.google).toEqual({ client_id: GOOGLE_CLIENT_ID })
        expect(config.apple).toMatchObject({ client_id: APPLE_ID })
        expect(config.discord).toMatchObject({ client_id: DISCORD.clientId, redirect_uri: DISCORD.redirectUri })
        expect(response.body).not.toContain(DISCORD.clientSecret)
      })
    })
  })

  describe(`sign-in providers on ${name}, with only Google configured and its key set unreachable`, () => {
    let t: TestApp
    let issuer: LocalIssuer

    beforeAll(async () => {
      issuer = await startLocalIssuer({ discord: DISCORD })
      t = await createTestApp({
        databaseUrl: url,
        env: {
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          GOOGLE_CLIENT_ID,
          GOOGLE_ISSUER: issuer.issuers.google,
          GOOGLE_JWKS_URL: `${await getClosedUrl()}/jwks`,
        },
      })
    })
    afterAll(async () => {
      await t.close()
      await issuer.close()
    })

    it('answers 503 PROVIDER_UNAVAILABLE when the key set cannot be fetched', async () => {
      const credential = await issuer.signIdToken({
        iss: issuer.issuers.google,
        aud: GOOGLE_CLIENT_ID,
        sub: newSubject(),
        email: uniqueEmail(),
        email_verified: true,
      })
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/google-login',
        payload: { credential, os: 'android' },
      })
      expect(response.statusCode).toBe(503)
      expect(errorCode(response)).toBe('PROVIDER_UNAVAILABLE')
      expect(response.body).not.toContain('127.0.0.1')
    })

    it('answers 404 PROVIDER_DISABLED for Apple and Discord, whatever the body', async () => {
      for (const [path, payload, label] of [
        ['apple-login', { id_token: 'x', nonce: newNonce(), os: 'ios' }, 'Apple'],
        ['discord-login', { code: 'x', redirect_uri: DISCORD.redirectUri, state: newNonce() }, 'Discord'],
        ['apple-login', {}, 'Apple'],
      ] as const) {
        const response = await t.app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, payload })
        expect(response.statusCode).toBe(404)
        expect(ApiErrorSchema.parse(response.json())).toMatchObject({
          code: 'PROVIDER_DISABLED',
          message: `Sign-in with ${label} is not enabled on this server.`,
        })
      }
    })

    it('turns on only Google in the public config', async () => {
      const config = PublicConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json())
      expect(config.sign_in).toEqual({ apple: false, google: true, discord: false })
      expect(config.google).toEqual({ client_id: GOOGLE_CLIENT_ID })
      expect(config.apple).toBeNull()
      expect(config.discord).toBeNull()
    })
  })
}
