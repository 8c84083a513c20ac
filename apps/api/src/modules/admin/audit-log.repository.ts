import type { Database } from '@storyreel/db/client'
import { count, desc, eq } from '@storyreel/db/operators'
import { auditLog, users } from '@storyreel/db/schema'

export type NewAuditEntry = {
  actorId: string
  action: string
  targetId: string | null
  details: Record<string, unknown> | null
}

/** Every query on `audit_log`. Entries are only ever added, never changed. */
export function createAuditLogRepository(defaultDb: Database) {
  return {
    async create(entry: NewAuditEntry, db: Database = defaultDb): Promise<void> {
      await db.insert(auditLog).values(entry)
    },

    async list({ limit, offset }: { limit: number; offset: number }, db: Database = defaultDb) {
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            actorEmail: users.email,
            action: auditLog.action,
            targetId: auditLog.targetId,
            details: auditLog.details,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(auditLog),
      ])
      return { rows, total: totals?.total ?? 0 }
    },
  }
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>
