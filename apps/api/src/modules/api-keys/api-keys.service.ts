import type { ApiKey, ApiKeyList, ApiKeyScope, CreateApiKeyBody, CreatedApiKey } from '@storyreel/contracts/api-keys'
import { PLAN_LIMITS } from '@storyreel/contracts/plans'
import type { Database } from '@storyreel/db/client'

import { AppError } from '#src/errors.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { createApiKey } from '#src/modules/auth/token.ts'
import type { UserRow, UsersService } from '#src/modules/users/users.service.ts'

import type { ApiKeysRepository } from './api-keys.repository.ts'

type Row = Awaited<ReturnType<ApiKeysRepository['listForUser']>>[number]

function toApiKey(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }
}

/** The signed-in account's API keys: made, listed and revoked with a session, never with a key. */
export function createApiKeysService(deps: {
  db: Database
  keys: ApiKeysRepository
  users: UsersService
  auth: AuthService
  now?: () => Date
}) {
  const { db, keys, users, auth } = deps
  const now = deps.now ?? (() => new Date())

  return {
    async list(user: UserRow): Promise<ApiKeyList> {
      const rows = await keys.listForUser(user.id)
      return { api_keys: rows.map(toApiKey), limit: PLAN_LIMITS[user.plan].apiKeys }
    },

    /** The whole key is in this answer only; the database keeps its hash. */
    async create(user: UserRow, body: CreateApiKeyBody): Promise<CreatedApiKey> {
      const { key, tokenHash, prefix } = createApiKey()
      const row = await db.transaction(async (tx) => {
        // The account's row is held until the key is written, so two creates at once count one after the other.
        const fresh = await users.lockForUpdate(user.id, tx)
        if (!fresh || fresh.disabled) throw new AppError('UNAUTHORIZED', 401, 'Your session has ended. Sign in again.')
        const limit = PLAN_LIMITS[fresh.plan].apiKeys
        if ((await keys.countForUser(fresh.id, tx)) >= limit) {
          throw new AppError(
            'API_KEY_LIMIT',
            403,
            fresh.plan === 'free'
              ? `The free plan has ${limit} API key. Revoke it to make another, or upgrade to Premium for ${PLAN_LIMITS.paid.apiKeys}.`
              : `Your plan has ${limit} API keys at most. Revoke one to make another.`,
          )
        }
        return keys.create(
          { userId: fresh.id, name: body.name, prefix, tokenHash, scopes: body.scopes, createdAt: now() },
          tx,
        )
      })
      return { ...toApiKey(row), secret: key }
    },

    /** Deleted, then dropped from every instance's cache before this answers. */
    async revoke(user: UserRow, id: string): Promise<void> {
      const tokenHash = await keys.deleteForUser(user.id, id)
      if (!tokenHash)
        throw new AppError('API_KEY_NOT_FOUND', 404, 'This API key does not exist, or was revoked already.')
      await auth.invalidateToken(tokenHash)
    },
  }
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>
