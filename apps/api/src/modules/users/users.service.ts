import type { AdminUser } from '@storyreel/contracts/admin'
import type { User } from '@storyreel/contracts/auth'
import type { Database } from '@storyreel/db/client'
import { isUniqueViolation } from '@storyreel/db/errors'

import { AppError } from '#src/errors.ts'

import type { IdentityProvider, NewUser, UserChanges, UserRow, UsersRepository } from './users.repository.ts'

export type { IdentityProvider, UserRow }

/** The table shape is not the API: this is the one place a row becomes a contract `User`. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    confirmed: row.confirmed,
    role: row.role,
    sign_in_methods: [
      ...(row.passwordHash ? (['password'] as const) : []),
      ...(row.appleId ? (['apple'] as const) : []),
      ...(row.googleId ? (['google'] as const) : []),
      ...(row.discordId ? (['discord'] as const) : []),
    ],
    created_at: row.createdAt.toISOString(),
  }
}

export function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), disabled: row.disabled, plan: row.plan, updated_at: row.updatedAt.toISOString() }
}

const EMAIL_TAKEN = () =>
  new AppError('EMAIL_TAKEN', 409, 'An account with this e-mail already exists. Sign in instead.')

/**
 * Accounts. ADMIN_EMAILS decides who is an admin: such an account is created as one, promoted at start,
 * and cannot be demoted through the API (the setting would only promote it again).
 */
export function createUsersService({
  repository,
  adminEmails,
}: {
  repository: UsersRepository
  adminEmails: readonly string[]
}) {
  const admins = new Set(adminEmails)
  return {
    isConfiguredAdmin: (email: string) => admins.has(email),
    getById: (id: string, db?: Database) => repository.findById(id, db),
    lockForUpdate: (id: string, db: Database) => repository.lockForUpdate(id, db),
    getByEmail: (email: string, db?: Database) => repository.findByEmail(email, db),
    getByProvider: (provider: IdentityProvider, subject: string, db?: Database) =>
      repository.findByProvider(provider, subject, db),

    async create(user: NewUser, db?: Database): Promise<UserRow> {
      try {
        return await repository.create({ ...user, role: admins.has(user.email) ? 'admin' : (user.role ?? 'user') }, db)
      } catch (error) {
        if (isUniqueViolation(error)) throw EMAIL_TAKEN()
        throw error
      }
    },

    async update(id: string, changes: UserChanges, db?: Database): Promise<UserRow> {
      try {
        const row = await repository.update(id, changes, db)
        if (!row) throw new AppError('USER_NOT_FOUND', 404, 'This account no longer exists.')
        return row
      } catch (error) {
        if (isUniqueViolation(error)) throw EMAIL_TAKEN()
        throw error
      }
    },

    delete: (id: string, db?: Database) => repository.delete(id, db),
    promoteConfiguredAdmins: () => repository.promoteAdmins([...admins]),
    list: (options: { search: string | undefined; limit: number; offset: number }) => repository.list(options),
    getStats: (since: Date) => repository.getStats(since),
  }
}

export type UsersService = ReturnType<typeof createUsersService>
