import type { Database } from '@storyreel/db/client'
import { and, asc, desc, eq, inArray } from '@storyreel/db/operators'
import { renderJobs, videoBatchRows, videoBatches } from '@storyreel/db/schema'

export type BatchRow = typeof videoBatches.$inferSelect
export type NewBatchRow = {
  row: number
  title: string
  projectId: string | null
  renderId: string | null
  error: string | null
}

export function createBatchesRepository(defaultDb: Database) {
  /** Each row of these batches with its render, if it still has one. */
  async function rowsOf(batchIds: string[], db: Database) {
    if (batchIds.length === 0) return []
    return db
      .select({ item: videoBatchRows, render: renderJobs })
      .from(videoBatchRows)
      .leftJoin(renderJobs, eq(renderJobs.id, videoBatchRows.renderId))
      .where(inArray(videoBatchRows.batchId, batchIds))
      .orderBy(asc(videoBatchRows.row))
  }

  return {
    /** The batch and its rows in one transaction: the completion check never sees a batch without its rows. */
    async create(batch: { userId: string; title: string }, rows: NewBatchRow[], db: Database = defaultDb) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(videoBatches)
          .values({ ...batch, rowCount: rows.length })
          .returning()
        if (!created) throw new Error('The new batch was not returned')
        await tx.insert(videoBatchRows).values(rows.map((row) => ({ ...row, batchId: created.id })))
        return created
      })
    },

    async findForUser(userId: string, id: string, db: Database = defaultDb) {
      const [batch] = await db
        .select()
        .from(videoBatches)
        .where(and(eq(videoBatches.id, id), eq(videoBatches.userId, userId)))
      if (!batch) return undefined
      return { batch, rows: await rowsOf([batch.id], db) }
    },

    /** The account's latest batches, newest first, with their rows. */
    async listForUser(userId: string, limit: number, db: Database = defaultDb) {
      const batches = await db
        .select()
        .from(videoBatches)
        .where(eq(videoBatches.userId, userId))
        .orderBy(desc(videoBatches.createdAt), desc(videoBatches.id))
        .limit(limit)
      const rows = await rowsOf(
        batches.map((batch) => batch.id),
        db,
      )
      return batches.map((batch) => ({ batch, rows: rows.filter(({ item }) => item.batchId === batch.id) }))
    },
  }
}

export type BatchesRepository = ReturnType<typeof createBatchesRepository>
