import type {
  AdminStats,
  AdminUser,
  AdminUsersPage,
  AuditLogPage,
  RedeemCodesUploadBody,
  RedeemCodesUploadResult,
  RedeemCodeStats,
} from '@storyreel/contracts/admin'
import type { AuthenticatedUser } from '@storyreel/contracts/auth'
import type { Database } from '@storyreel/db/client'

import { AppError } from '#src/errors.ts'
import type { AuthService, ClientInfo, Session } from '#src/modules/auth/auth.service.ts'
import type { ReferralsService } from '#src/modules/referrals/referrals.service.ts'
import { toAdminUser, type UsersService } from '#src/modules/users/users.service.ts'

import type { AuditLogRepository } from './audit-log.repository.ts'
import { parseRedeemCodeUpload } from './redeem-code-upload.ts'

const NEW_USERS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const PATCHABLE_FIELDS = ['role', 'confirmed', 'disabled', 'plan'] as const

type UserPatch = {
  role?: 'user' | 'admin' | undefined
  confirmed?: boolean | undefined
  disabled?: boolean | undefined
  plan?: 'free' | 'paid' | undefined
}
type Paging = { page: number; page_size: number }

const USER_NOT_FOUND = () => new AppError('USER_NOT_FOUND', 404, 'There is no account with this id.')

/** The admin console's calls. Every write records who did what in the audit log, in the same transaction. */
export function createAdminService(deps: {
  db: Database
  users: UsersService
  auth: AuthService
  referrals: ReferralsService
  auditLog: AuditLogRepository
  now?: () => Date
}) {
  const { db, users, auth, referrals, auditLog } = deps
  const now = deps.now ?? (() => new Date())

  return {
    login: (body: { email: string; password: string }, client: ClientInfo): Promise<AuthenticatedUser> =>
      auth.adminLogin(body, client),
    logout: (session: Session) => auth.logout(session),

    async listUsers({ q, page, page_size }: Paging & { q?: string | undefined }): Promise<AdminUsersPage> {
      const { rows, total } = await users.list({
        search: q || undefined,
        limit: page_size,
        offset: (page - 1) * page_size,
      })
      return { users: rows.map(toAdminUser), page, page_size, total }
    },

    /**
     * Changes role, confirmed or disabled. An admin may not lock themself out (demote, disable or
     * unconfirm their own account), and an ADMIN_EMAILS account stays an admin: the setting would only
     * promote it again at the next start.
     */
    async updateUser(actor: Session, id: string, patch: UserPatch): Promise<AdminUser> {
      if (!UUID.test(id)) throw USER_NOT_FOUND()
      if (id === actor.user.id && (patch.role === 'user' || patch.disabled === true || patch.confirmed === false)) {
        throw new AppError('CANNOT_CHANGE_SELF', 409, 'You cannot demote, disable or unconfirm your own account.')
      }
      const updated = await db.transaction(async (tx) => {
        const target = await users.getById(id, tx)
        if (!target) throw USER_NOT_FOUND()
        if (patch.role === 'user' && target.role === 'admin' && users.isConfiguredAdmin(target.email)) {
          throw new AppError(
            'ADMIN_SET_BY_CONFIG',
            409,
            'This account is an admin through the ADMIN_EMAILS setting; remove it there to demote it.',
          )
        }
        const changes: UserPatch = {}
        const diff: Record<string, { from: unknown; to: unknown }> = {}
        for (const field of PATCHABLE_FIELDS) {
          const value = patch[field]
          if (value === undefined || value === target[field]) continue
          Object.assign(changes, { [field]: value })
          diff[field] = { from: target[field], to: value }
        }
        if (Object.keys(diff).length === 0) return toAdminUser(target)
        const updated = await users.update(id, changes, tx)
        // The session lookup already refuses disabled accounts; revoking too keeps the old tokens dead
        // if the account is enabled again.
        if (changes.disabled === true) await auth.revokeAllSessions(id, tx)
        await auditLog.create(
          {
            actorId: actor.user.id,
            action: 'user.update',
            targetId: id,
            details: { email: target.email, changes: diff },
          },
          tx,
        )
        return toAdminUser(updated)
      })
      // After the commit, so no instance can cache the row as it was (decision 015).
      await auth.invalidateUser(id)
      return updated
    },

    getRedeemCodeStats: (): Promise<RedeemCodeStats> => referrals.getStats(),

    async uploadRedeemCodes(actor: Session, body: RedeemCodesUploadBody): Promise<RedeemCodesUploadResult> {
      const parsed = parseRedeemCodeUpload(body)
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', 400, parsed.problems)
      // Sorted, so two overlapping uploads take their unique-index locks in the same order and never deadlock.
      const codes = parsed.codes.toSorted()
      return db.transaction(async (tx) => {
        const added = await referrals.addCodes(codes, tx)
        const duplicates = parsed.received - added
        await auditLog.create(
          {
            actorId: actor.user.id,
            action: 'redeem_codes.upload',
            targetId: null,
            details: { source: 'csv' in body ? 'csv' : 'list', received: parsed.received, added, duplicates },
          },
          tx,
        )
        return { added, duplicates, stats: await referrals.getStats(tx) }
      })
    },

    async getStats(): Promise<AdminStats> {
      const [userStats, activeSessions, redeemCodes] = await Promise.all([
        users.getStats(new Date(now().getTime() - NEW_USERS_WINDOW_MS)),
        auth.countActiveSessions(),
        referrals.getStats(),
      ])
      return {
        users: {
          total: userStats.total,
          confirmed: userStats.confirmed,
          disabled: userStats.disabled,
          admins: userStats.admins,
          new_last_7_days: userStats.recent,
        },
        sessions: { active: activeSessions },
        redeem_codes: redeemCodes,
      }
    },

    async listAuditLog({ page, page_size }: Paging): Promise<AuditLogPage> {
      const { rows, total } = await auditLog.list({ limit: page_size, offset: (page - 1) * page_size })
      return {
        entries: rows.map((row) => ({
          id: row.id,
          actor_email: row.actorEmail,
          action: row.action,
          target_id: row.targetId,
          details: row.details,
          created_at: row.createdAt.toISOString(),
        })),
        page,
        page_size,
        total,
      }
    },
  }
}

export type AdminService = ReturnType<typeof createAdminService>
