import type { FastifyBaseLogger } from 'fastify'

import { CONFIRMATION_CODE_TTL_MINUTES, type AuthenticatedUser, type User } from '@storyreel/contracts/auth'
import type { Database } from '@storyreel/db/client'

import { AppError } from '#src/errors.ts'
import type { ApiKeysRepository } from '#src/modules/api-keys/api-keys.repository.ts'
import { toUser, type IdentityProvider, type UserRow, type UsersService } from '#src/modules/users/users.service.ts'

import { CODE_INVALID, type AccountCodes } from './account-codes.ts'
import { renderConfirmationEmail } from './account-emails.ts'
import type { AccountMail } from './account-mail.ts'
import type { EmailCodesRepository } from './email-codes.repository.ts'
import type { LoginAttemptsRepository } from './login-attempts.repository.ts'
import type { PasswordHasher } from './password.ts'
import type { ApiKeyGrant, CachedSession, SessionCache } from './session-cache.ts'
import type { Invalidation } from './session-invalidation.ts'
import { getPasswordProblem } from './password.ts'
import type { SessionKind, SessionsRepository } from './sessions.repository.ts'
import { createAccessToken, hashAccessToken } from './token.ts'
import { toStoredUserAgent } from './user-agent.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
/** A session's last use is written at most this often, so a cached session stays off the database. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS
export const USER_SESSION_TTL_MS = 30 * 24 * HOUR_MS
export const ADMIN_SESSION_TTL_MS = 12 * HOUR_MS
export const LOGIN_MAX_FAILURES = 10
export const LOGIN_BLOCK_MS = 15 * MINUTE_MS

const PASSWORD_PROBLEMS = {
  TOO_SHORT: 'Use at least 8 characters.',
  TOO_LONG: 'Use at most 128 characters.',
  TOO_COMMON: 'This password is too common. Choose one that is harder to guess.',
} as const

/** The verified identity an adapter hands over: never a value the client merely claimed. */
export type VerifiedIdentity = {
  provider: IdentityProvider
  subject: string
  email: string | undefined
  emailVerified: boolean
  firstName?: string | null | undefined
  lastName?: string | null | undefined
}

/** A signed-in caller. With `apiKey`, an API key: `sessionId` is then the key's id, and no session exists. */
export type Session = { sessionId: string; tokenHash: string; kind: SessionKind; user: UserRow; apiKey?: ApiKeyGrant }

/** Who is calling, as far as the request tells: the network address and the User-Agent header. */
export type ClientInfo = { ip: string; userAgent: string | undefined }

type Deps = {
  db: Database
  users: UsersService
  sessions: SessionsRepository
  /** API keys are looked up, cached and invalidated like sessions (decision 060). */
  apiKeys?: ApiKeysRepository
  emailCodes: EmailCodesRepository
  codes: AccountCodes
  mail: AccountMail
  loginAttempts: LoginAttemptsRepository
  hasher: PasswordHasher
  publicUrl: string
  log: FastifyBaseLogger
  now?: () => Date
  /** Set when every instance can be told about revocations (embedded database, or Redis); decision 015. */
  sessionCache?: SessionCache
  /** Drops cached sessions here and on the other instances. */
  invalidate?: (message: Invalidation) => Promise<void>
  /** Removes what other modules keep for an account (the studio's projects and their files) before it goes. */
  beforeAccountDeleted?: (userId: string) => Promise<void>
}

/** A session of the kind asked for; a user token never opens admin routes, nor the reverse. */
function toSession(tokenHash: string, row: CachedSession, kind: SessionKind): Session | undefined {
  if (row.kind !== kind || row.apiKey) return undefined
  // A demoted admin's console token stops working at once, not when it expires.
  if (kind === 'admin' && row.user.role !== 'admin') return undefined
  return { sessionId: row.sessionId, tokenHash, kind: row.kind, user: row.user }
}

function toKeySession(tokenHash: string, row: CachedSession): Session | undefined {
  if (!row.apiKey) return undefined
  return { sessionId: row.sessionId, tokenHash, kind: 'user', user: row.user, apiKey: row.apiKey }
}

const INVALID_CREDENTIALS = () => new AppError('INVALID_CREDENTIALS', 401, 'The e-mail or password is not right.')
export const ACCOUNT_DISABLED = () =>
  new AppError('ACCOUNT_DISABLED', 403, 'This account is disabled. Contact support.')

export function createAuthService(deps: Deps) {
  const { users, sessions, emailCodes, codes, mail, loginAttempts, hasher, log } = deps
  const now = deps.now ?? (() => new Date())
  // Every authenticated call reads the clock; unless a test fixed it, without building a Date.
  const nowMs = deps.now ? () => now().getTime() : Date.now
  const pendingWrites = new Set<Promise<void>>()
  const cache = deps.sessionCache
  // A cached session hands out the same row until its user changes, and a changed user is a new row: its
  // contract form (dates written out, sign-in methods listed) is built once per row, not once per call.
  const contractUsers = new WeakMap<UserRow, User>()
  const invalidate = async (message: Invalidation) => {
    if (deps.invalidate) await deps.invalidate(message)
    else if (message.kind === 'token') cache?.forgetToken(message.id)
    else cache?.forgetUser(message.id)
  }

  async function startSession(
    user: UserRow,
    kind: SessionKind,
    client: ClientInfo,
    db?: Database,
  ): Promise<AuthenticatedUser> {
    const { token, tokenHash } = createAccessToken()
    const at = now()
    const expiresAt = new Date(at.getTime() + (kind === 'admin' ? ADMIN_SESSION_TTL_MS : USER_SESSION_TTL_MS))
    await sessions.create(
      { userId: user.id, tokenHash, kind, expiresAt, userAgent: toStoredUserAgent(client.userAgent), lastUsedAt: at },
      db,
    )
    return { ...toUser(user), access_token: token, expires_at: expiresAt.toISOString() }
  }

  /**
   * Records a session's use once a minute at most, in the background: the call it came with is not held up,
   * and a cached session stays off the database the rest of the minute.
   */
  function touch(row: CachedSession, atMs: number): void {
    if (atMs - row.lastUsedMs < SESSION_TOUCH_INTERVAL_MS) return
    row.lastUsedMs = atMs
    const at = new Date(atMs)
    const notBefore = new Date(atMs - SESSION_TOUCH_INTERVAL_MS)
    const writing = (
      row.apiKey && deps.apiKeys
        ? deps.apiKeys.touch(row.apiKey.id, at, notBefore)
        : sessions.touch(row.sessionId, at, notBefore)
    ).catch((error: unknown) => log.warn({ err: error }, 'could not record a session use'))
    const tracked = writing.finally(() => pendingWrites.delete(tracked))
    pendingWrites.add(tracked)
  }

  async function findSession(tokenHash: string, atMs: number, kind: SessionKind): Promise<Session | undefined> {
    // A lookup that overlaps an invalidation (here or on another instance) does not cache what it read.
    const seen = cache?.generation ?? 0
    const found = await sessions.findActive(tokenHash, new Date(atMs))
    if (!found) return undefined
    const row: CachedSession = {
      sessionId: found.sessionId,
      kind: found.kind,
      expiresAt: found.expiresAt,
      lastUsedMs: found.lastUsedAt?.getTime() ?? 0,
      user: found.user,
    }
    cache?.set(tokenHash, row, atMs, seen)
    touch(row, atMs)
    return toSession(tokenHash, row, kind)
  }

  /** An API key never expires; its cache entry ends with the cache's time-to-live or an invalidation. */
  const NEVER = new Date(8.64e15)

  async function findApiKey(tokenHash: string, atMs: number): Promise<Session | undefined> {
    const seen = cache?.generation ?? 0
    const found = await deps.apiKeys?.findActive(tokenHash)
    if (!found) return undefined
    const row: CachedSession = {
      sessionId: found.id,
      kind: 'user',
      expiresAt: NEVER,
      lastUsedMs: found.lastUsedAt?.getTime() ?? 0,
      user: found.user,
      apiKey: { id: found.id, scopes: found.scopes as ApiKeyGrant['scopes'] },
    }
    cache?.set(tokenHash, row, atMs, seen)
    touch(row, atMs)
    return toKeySession(tokenHash, row)
  }

  /** Issues a sign-up code when the limits allow and mails it in the background (decision 011). */
  async function issueConfirmationCode(user: UserRow): Promise<void> {
    const { code } = await codes.issue({ purpose: 'confirm_account', email: user.email })
    if (!code) return
    mail.send(
      () =>
        renderConfirmationEmail({
          to: user.email,
          code,
          firstName: user.firstName,
          ttlMinutes: CONFIRMATION_CODE_TTL_MINUTES,
          publicUrl: deps.publicUrl,
        }),
      { kind: 'confirmation', userId: user.id, code },
    )
  }

  function requireUsablePassword(password: string) {
    const problem = getPasswordProblem(password)
    if (problem) throw new AppError('WEAK_PASSWORD', 400, PASSWORD_PROBLEMS[problem])
  }

  async function requireLoginAllowed(email: string, ip: string, at: Date): Promise<void> {
    const reserved = await loginAttempts.reserveCheck({
      email,
      ip,
      now: at,
      windowMs: LOGIN_BLOCK_MS,
      maxChecks: LOGIN_MAX_FAILURES,
      blockMs: LOGIN_BLOCK_MS,
    })
    if (reserved !== undefined) return
    const blockedUntil = (await loginAttempts.getBlockedUntil(email, ip)) ?? new Date(at.getTime() + LOGIN_BLOCK_MS)
    const minutes = Math.max(1, Math.ceil((blockedUntil.getTime() - at.getTime()) / MINUTE_MS))
    throw new AppError(
      'LOGIN_LOCKED',
      429,
      `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    )
  }

  async function checkCredentials(email: string, password: string, ip: string): Promise<UserRow> {
    // The check is counted before argon2 runs and forgiven only by a right password, so parallel
    // guesses cannot slip past the limit between reading the count and writing it.
    await requireLoginAllowed(email, ip, now())
    const user = await users.getByEmail(email)
    // An unknown e-mail (or an account without a password) costs the same argon2 time as a wrong password.
    const valid = user?.passwordHash
      ? await hasher.verify(user.passwordHash, password)
      : await hasher.verifyAgainstNothing(password)
    if (!user || !valid) throw INVALID_CREDENTIALS()
    await loginAttempts.clear(email, ip)
    if (user.disabled) throw ACCOUNT_DISABLED()
    return user
  }

  /**
   * Checks the password of a signed-in account before a sensitive change, under the same lockout as sign-in
   * (a stolen session must not become a way to guess the password). Answers 403, not 401: the session is fine.
   */
  async function requirePassword(user: UserRow, password: string, ip: string): Promise<void> {
    await requireLoginAllowed(user.email, ip, now())
    const valid = user.passwordHash
      ? await hasher.verify(user.passwordHash, password)
      : await hasher.verifyAgainstNothing(password)
    if (!valid) throw new AppError('PASSWORD_INCORRECT', 403, 'Your current password is not right.')
    await loginAttempts.clear(user.email, ip)
  }

  return {
    async register(
      body: { email: string; password: string; first_name?: string | undefined; last_name?: string | undefined },
      client: ClientInfo,
    ): Promise<AuthenticatedUser> {
      requireUsablePassword(body.password)
      if (await users.getByEmail(body.email)) {
        throw new AppError('EMAIL_TAKEN', 409, 'An account with this e-mail already exists. Sign in instead.')
      }
      const passwordHash = await hasher.hash(body.password)
      const user = await users.create({
        email: body.email,
        passwordHash,
        firstName: body.first_name || null,
        lastName: body.last_name || null,
      })
      const authenticated = await startSession(user, 'user', client)
      await issueConfirmationCode(user)
      return authenticated
    },

    async login(body: { email: string; password: string }, client: ClientInfo): Promise<AuthenticatedUser> {
      const user = await checkCredentials(body.email, body.password, client.ip)
      return startSession(user, 'user', client)
    },

    async adminLogin(body: { email: string; password: string }, client: ClientInfo): Promise<AuthenticatedUser> {
      const user = await checkCredentials(body.email, body.password, client.ip)
      if (user.role !== 'admin')
        throw new AppError('NOT_ADMIN', 403, 'This account has no access to the admin console.')
      if (!user.confirmed) throw new AppError('FORBIDDEN', 403, 'Confirm your e-mail before using the admin console.')
      return startSession(user, 'admin', client)
    },

    /** Always the same answer (decision 011); a code goes out only to an unconfirmed account, within the limits. */
    async sendConfirmationCode(email: string): Promise<void> {
      const user = await users.getByEmail(email)
      if (user && !user.confirmed && !user.disabled) await issueConfirmationCode(user)
    },

    /**
     * Confirms the address and answers with a new session. `replacesToken`, the token of the sign-up's own
     * session when the client sends it, is ended in the same step: one device, one session in the list.
     */
    async confirm(
      body: { email: string; code: string },
      client: ClientInfo,
      replacesToken?: string,
    ): Promise<AuthenticatedUser> {
      const user = await users.getByEmail(body.email)
      if (!user) throw CODE_INVALID()
      if (user.disabled) throw ACCOUNT_DISABLED()
      const redeemed = await codes.check({ purpose: 'confirm_account', email: body.email }, body.code)
      const authenticated = await deps.db.transaction(async (tx) => {
        await codes.markUsed(redeemed.id, tx)
        const confirmed = await users.update(user.id, { confirmed: true }, tx)
        if (replacesToken) await sessions.revokeByTokenHash(user.id, hashAccessToken(replacesToken), tx)
        return startSession(confirmed, 'user', client, tx)
      })
      await invalidate({ kind: 'user', id: user.id })
      return authenticated
    },

    /**
     * The live session of a token, or undefined. A session the cache holds is answered at once, without a
     * promise: every authenticated call comes through here (decision 023). Otherwise the database is asked.
     */
    authenticate(token: string, kind: SessionKind): Session | undefined | Promise<Session | undefined> {
      const tokenHash = hashAccessToken(token)
      const atMs = nowMs()
      const cached = cache?.get(tokenHash, atMs)
      if (!cached) return findSession(tokenHash, atMs, kind)
      touch(cached, atMs)
      return toSession(tokenHash, cached, kind)
    },

    /**
     * The account an API key belongs to, with the key's scopes, or undefined for an unknown or revoked key or a
     * disabled account. Cached and invalidated like sessions, so a revocation ends it on every instance at once.
     */
    authenticateApiKey(key: string): Session | undefined | Promise<Session | undefined> {
      const tokenHash = hashAccessToken(key)
      const atMs = nowMs()
      const cached = cache?.get(tokenHash, atMs)
      if (!cached) return findApiKey(tokenHash, atMs)
      touch(cached, atMs)
      return toKeySession(tokenHash, cached)
    },

    /** Call after any committed change to a user, so no instance serves a cached copy of the old row. */
    invalidateUser: (userId: string) => invalidate({ kind: 'user', id: userId }),
    /** Call after revoking one session, so no instance keeps admitting its token. */
    invalidateToken: (tokenHash: string) => invalidate({ kind: 'token', id: tokenHash }),

    startSession,
    requirePassword,
    requireUsablePassword,

    /**
     * In a transaction that changes the account: holds its row until the end and returns it as it is now,
     * after checking that the session the change came with is still live (a reset or a sign-out elsewhere
     * may have ended it since it was admitted). Throws 401 otherwise, which signs the client out.
     */
    async lockLiveAccount(session: Session, tx: Database): Promise<UserRow> {
      const [fresh, isLive] = [
        await users.lockForUpdate(session.user.id, tx),
        await sessions.isLive(session.sessionId, now(), tx),
      ]
      if (!fresh || fresh.disabled || !isLive) {
        throw new AppError('UNAUTHORIZED', 401, 'Your session has ended. Sign in again.')
      }
      return fresh
    },

    me(session: Session): User {
      let user = contractUsers.get(session.user)
      if (!user) contractUsers.set(session.user, (user = toUser(session.user)))
      return user
    },

    async updateProfile(
      session: Session,
      changes: {
        first_name?: string | null | undefined
        last_name?: string | null | undefined
        email?: string | undefined
      },
    ): Promise<User> {
      const current = session.user
      if (changes.email !== undefined && changes.email !== current.email) {
        // Switching the address here would skip proving either address; older clients learn where to go.
        throw new AppError(
          'EMAIL_CHANGE_NEEDS_CODE',
          409,
          'A new e-mail is confirmed with a code first: use "Change e-mail" on your profile.',
        )
      }
      const update: Parameters<UsersService['update']>[1] = {}
      if (changes.first_name !== undefined && (changes.first_name || null) !== current.firstName) {
        update.firstName = changes.first_name || null
      }
      if (changes.last_name !== undefined && (changes.last_name || null) !== current.lastName) {
        update.lastName = changes.last_name || null
      }
      if (Object.keys(update).length === 0) return toUser(current)
      const updated = await users.update(current.id, update)
      await invalidate({ kind: 'user', id: current.id })
      return toUser(updated)
    },

    async logout(session: Session): Promise<void> {
      await sessions.revoke(session.sessionId)
      await invalidate({ kind: 'token', id: session.tokenHash })
    },

    async deleteAccount(session: Session): Promise<void> {
      await deps.beforeAccountDeleted?.(session.user.id)
      await deps.db.transaction(async (tx) => {
        // Codes a session asked for go with the account (their user_id); these are the ones asked by address.
        await emailCodes.deleteForEmail(session.user.email, tx)
        await users.delete(session.user.id, tx)
      })
      await invalidate({ kind: 'user', id: session.user.id })
    },

    /**
     * Signs in with an identity a verifier proved. A known provider subject signs in; otherwise a verified
     * e-mail links the provider to the existing account; otherwise a new account is made.
     */
    async providerLogin(identity: VerifiedIdentity, client: ClientInfo): Promise<AuthenticatedUser> {
      const authenticated = await deps.db.transaction(async (tx) => {
        let user = await users.getByProvider(identity.provider, identity.subject, tx)
        if (!user) {
          // Only an address the provider has verified may create or join an account (decision 014).
          if (!identity.email || !identity.emailVerified) {
            throw new AppError(
              'PROVIDER_EMAIL_UNVERIFIED',
              409,
              'Your e-mail address is not verified there yet. Verify it with the provider first, or sign up with e-mail.',
            )
          }
          const existing = await users.getByEmail(identity.email, tx)
          const link = { [`${identity.provider}Id`]: identity.subject }
          if (existing && existing.confirmed) {
            user = await users.update(existing.id, link, tx)
          } else if (existing) {
            // Nobody has proven this address for the unconfirmed account, so whatever set it up (a
            // password, another provider) may be someone else's: the verified owner takes it over clean.
            await sessions.revokeAllForUser(existing.id, tx)
            user = await users.update(existing.id, { ...UNPROVEN_SIGN_IN_METHODS, ...link, confirmed: true }, tx)
          } else {
            user = await users.create(
              {
                email: identity.email,
                firstName: identity.firstName || null,
                lastName: identity.lastName || null,
                confirmed: true,
                ...link,
              },
              tx,
            )
          }
        }
        if (user.disabled) throw ACCOUNT_DISABLED()
        return startSession(user, 'user', client, tx)
      })
      // A linked provider or a taken-over account changes the user other sessions carry.
      await invalidate({ kind: 'user', id: authenticated.id })
      return authenticated
    },

    revokeAllSessions: (userId: string, db?: Database) => sessions.revokeAllForUser(userId, db),
    countActiveSessions: () => sessions.countActive(now()),

    /** Waits for session uses still being written, so a graceful shutdown closes the database after them. */
    async drain(): Promise<void> {
      await Promise.allSettled([...pendingWrites])
    },
  }
}

/** What an unconfirmed account's owner clears on proving the address: sign-in methods someone else may have set. */
export const UNPROVEN_SIGN_IN_METHODS = { passwordHash: null, appleId: null, googleId: null, discordId: null } as const

export type AuthService = ReturnType<typeof createAuthService>
