import { CONFIRMATION_CODE_TTL_MINUTES, type AuthenticatedUser, type PasswordChanged } from '@storyreel/contracts/auth'
import type { Database } from '@storyreel/db/client'

import { AppError } from '#src/errors.ts'
import { toUser, type UsersService } from '#src/modules/users/users.service.ts'

import { CODE_INVALID, type AccountCodes } from './account-codes.ts'
import { renderPasswordChangedEmail, renderPasswordResetEmail } from './account-emails.ts'
import type { AccountMail } from './account-mail.ts'
import {
  ACCOUNT_DISABLED,
  UNPROVEN_SIGN_IN_METHODS,
  type AuthService,
  type ClientInfo,
  type Session,
} from './auth.service.ts'
import type { LoginAttemptsRepository } from './login-attempts.repository.ts'
import type { PasswordHasher } from './password.ts'
import type { SessionsRepository } from './sessions.repository.ts'

/**
 * Forgotten and changed passwords. A reset proves the address with an e-mailed code; a change proves the
 * current password. Either way the account's owner is told by e-mail, and a reset signs out every session.
 */
export function createPasswordsService(deps: {
  db: Database
  auth: AuthService
  users: UsersService
  sessions: SessionsRepository
  loginAttempts: LoginAttemptsRepository
  codes: AccountCodes
  mail: AccountMail
  hasher: PasswordHasher
  publicUrl: string
  now?: () => Date
}) {
  const { db, auth, users, sessions, loginAttempts, codes, mail, hasher, publicUrl } = deps
  const now = deps.now ?? (() => new Date())

  function tellPasswordChanged(
    user: { id: string; email: string; firstName: string | null },
    { wasSet, otherSessionsSignedOut }: { wasSet: boolean; otherSessionsSignedOut: boolean },
  ) {
    mail.send(
      () =>
        renderPasswordChangedEmail({
          to: user.email,
          firstName: user.firstName,
          at: now(),
          wasSet,
          otherSessionsSignedOut,
          publicUrl,
        }),
      { kind: 'password changed', userId: user.id },
    )
  }

  return {
    /**
     * Always the same answer, after the same work: the code is issued (and the cooldown counted) whether or
     * not an account has the address, so neither the answer nor its time tells. Only the e-mail, sent after
     * the answer, differs: an address without a usable account gets none.
     */
    async requestReset(email: string): Promise<void> {
      const [user, { code }] = await Promise.all([
        users.getByEmail(email),
        codes.issue({ purpose: 'reset_password', email }),
      ])
      if (!code || !user || user.disabled) return
      mail.send(
        () =>
          renderPasswordResetEmail({
            to: email,
            code,
            firstName: user.firstName,
            ttlMinutes: CONFIRMATION_CODE_TTL_MINUTES,
            publicUrl,
          }),
        { kind: 'password reset', userId: user.id, code },
      )
    },

    /**
     * Sets the new password with a reset code and answers like a sign-in. Every other session of the account
     * ends, the sign-in lockout on its address lifts, and the address counts as confirmed: the code proved it.
     */
    async confirmReset(
      body: { email: string; code: string; password: string },
      client: ClientInfo,
    ): Promise<AuthenticatedUser> {
      // A weak password costs no try of the code.
      auth.requireUsablePassword(body.password)
      const redeemed = await codes.check({ purpose: 'reset_password', email: body.email }, body.code)
      const user = await users.getByEmail(body.email)
      // An address without an account has codes too (see requestReset), but nobody was ever sent one.
      if (!user) throw CODE_INVALID()
      if (user.disabled) throw ACCOUNT_DISABLED()
      // Hashed only once the code is right, so wrong guesses cost no argon2 time.
      const passwordHash = await hasher.hash(body.password)
      const authenticated = await db.transaction(async (tx) => {
        await codes.markUsed(redeemed.id, tx)
        // An unconfirmed account may have been set up by someone who never proved the address.
        const cleared = user.confirmed ? {} : UNPROVEN_SIGN_IN_METHODS
        const updated = await users.update(user.id, { ...cleared, passwordHash, confirmed: true }, tx)
        await sessions.revokeAllForUser(user.id, tx)
        await loginAttempts.clearForEmail(user.email, tx)
        return auth.startSession(updated, 'user', client, tx)
      })
      await auth.invalidateUser(user.id)
      tellPasswordChanged(user, { wasSet: !user.passwordHash, otherSessionsSignedOut: true })
      return authenticated
    },

    async changePassword(
      session: Session,
      body: { current_password: string; new_password: string; sign_out_other_sessions: boolean },
      client: ClientInfo,
    ): Promise<PasswordChanged> {
      const user = session.user
      if (!user.passwordHash) {
        throw new AppError(
          'NO_PASSWORD',
          409,
          'This account has no password yet. Set one with the code we e-mail you: "Set a password" on your profile.',
        )
      }
      auth.requireUsablePassword(body.new_password)
      if (body.new_password === body.current_password) {
        throw new AppError('PASSWORD_UNCHANGED', 400, 'Choose a new password that differs from the current one.')
      }
      await auth.requirePassword(user, body.current_password, client.ip)
      const passwordHash = await hasher.hash(body.new_password)
      const { updated, signedOut } = await db.transaction(async (tx) => {
        // A reset (or another change) may have landed while the password was checked and hashed: it wins.
        const fresh = await auth.lockLiveAccount(session, tx)
        if (fresh.passwordHash !== user.passwordHash) {
          throw new AppError(
            'PASSWORD_CHANGED',
            409,
            'Your password was changed a moment ago. Sign in with the new one and try again.',
          )
        }
        return {
          updated: await users.update(user.id, { passwordHash }, tx),
          signedOut: body.sign_out_other_sessions ? await sessions.revokeAllForUser(user.id, tx, session.sessionId) : 0,
        }
      })
      await auth.invalidateUser(user.id)
      tellPasswordChanged(user, { wasSet: false, otherSessionsSignedOut: body.sign_out_other_sessions })
      return { user: toUser(updated), other_sessions_signed_out: signedOut }
    },
  }
}

export type PasswordsService = ReturnType<typeof createPasswordsService>
