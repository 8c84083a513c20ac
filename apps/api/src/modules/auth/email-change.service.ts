import { CONFIRMATION_CODE_TTL_MINUTES, type User } from '@storyreel/contracts/auth'
import type { Database } from '@storyreel/db/client'

import { AppError } from '#src/errors.ts'
import { toUser, type UsersService } from '#src/modules/users/users.service.ts'

import { requireIssued, type AccountCodes, type RedeemedCode } from './account-codes.ts'
import {
  renderEmailChangeCodeEmail,
  renderEmailChangedEmail,
  renderEmailTakenEmail,
  renderReauthenticationEmail,
} from './account-emails.ts'
import type { AccountMail } from './account-mail.ts'
import type { AuthService, ClientInfo, Session } from './auth.service.ts'

/**
 * Changing an account's e-mail: the owner proves who they are (the password, or for an account that signs in
 * only with Apple, Google or Discord a code sent to the current address), then proves the new address with a
 * code sent to it. Only then does it replace the old one, and the old address is told.
 */
export function createEmailChangeService(deps: {
  db: Database
  auth: AuthService
  users: UsersService
  codes: AccountCodes
  mail: AccountMail
  publicUrl: string
  now?: () => Date
}) {
  const { db, auth, users, codes, mail, publicUrl } = deps
  const now = deps.now ?? (() => new Date())

  return {
    /** For accounts without a password: a code to the current address, in place of the password. */
    async sendReauthenticationCode(session: Session): Promise<void> {
      const user = session.user
      if (user.passwordHash) {
        throw new AppError('PASSWORD_REQUIRED', 409, 'This account has a password: enter it to confirm it is you.')
      }
      const code = requireIssued(await codes.issue({ purpose: 'reauthenticate', email: user.email, userId: user.id }))
      mail.send(
        () =>
          renderReauthenticationEmail({
            to: user.email,
            code,
            firstName: user.firstName,
            ttlMinutes: CONFIRMATION_CODE_TTL_MINUTES,
          }),
        { kind: 'verification', userId: user.id, code },
      )
    },

    /**
     * Starts the change. The answer is the same whether or not another account has the new address: the
     * mail to that address says so instead of carrying a code.
     */
    async requestChange(
      session: Session,
      body: { new_email: string; password?: string | undefined; code?: string | undefined },
      client: ClientInfo,
    ): Promise<void> {
      const user = session.user
      if (users.isConfiguredAdmin(user.email)) {
        throw new AppError('ADMIN_SET_BY_CONFIG', 409, 'This admin e-mail is set in the server configuration.')
      }
      if (body.new_email === user.email) throw new AppError('EMAIL_UNCHANGED', 400, 'This is already your e-mail.')
      let reauthentication: RedeemedCode | undefined
      if (user.passwordHash) {
        if (body.password === undefined) {
          throw new AppError('PASSWORD_REQUIRED', 400, 'Enter your current password to change your e-mail.')
        }
        await auth.requirePassword(user, body.password, client.ip)
      } else {
        if (body.code === undefined) {
          throw new AppError('CODE_REQUIRED', 400, `Enter the code we sent to ${user.email} to confirm it is you.`)
        }
        reauthentication = await codes.check({ purpose: 'reauthenticate', userId: user.id }, body.code)
      }
      const [owner, issued] = await Promise.all([
        users.getByEmail(body.new_email),
        codes.issue({ purpose: 'change_email', email: body.new_email, userId: user.id }),
      ])
      // Said, not hidden: the wait is this account's own, and "we sent a code" must be true. The verification
      // code is used only once a new code is on its way, so a refusal here does not cost it.
      const code = requireIssued(issued)
      const used = reauthentication
      if (used) await db.transaction((tx) => codes.markUsed(used.id, tx))
      if (owner) {
        mail.send(() => renderEmailTakenEmail({ to: body.new_email, publicUrl }), {
          kind: 'e-mail taken',
          userId: user.id,
        })
        return
      }
      mail.send(
        () =>
          renderEmailChangeCodeEmail({
            to: body.new_email,
            code,
            firstName: user.firstName,
            ttlMinutes: CONFIRMATION_CODE_TTL_MINUTES,
          }),
        { kind: 'e-mail change', userId: user.id, code },
      )
    },

    /** Replaces the address with the one the code was sent to, and tells the old address. */
    async confirmChange(session: Session, code: string): Promise<User> {
      const user = session.user
      const redeemed = await codes.check({ purpose: 'change_email', userId: user.id }, code)
      const updated = await db.transaction(async (tx) => {
        // A reset or a sign-out elsewhere may have ended this session since it was admitted.
        await auth.lockLiveAccount(session, tx)
        await codes.markUsed(redeemed.id, tx)
        // A unique violation (the address was taken since the code went out) answers 409 EMAIL_TAKEN.
        return users.update(user.id, { email: redeemed.email, confirmed: true }, tx)
      })
      await auth.invalidateUser(user.id)
      mail.send(
        () =>
          renderEmailChangedEmail({ to: user.email, newEmail: updated.email, firstName: user.firstName, at: now() }),
        { kind: 'e-mail changed', userId: user.id },
      )
      return toUser(updated)
    },
  }
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>
