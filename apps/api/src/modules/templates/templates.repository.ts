import type { Database } from '@storyreel/db/client'
import { and, asc, count, eq, sql } from '@storyreel/db/operators'
import { templates, users } from '@storyreel/db/schema'

export type TemplateRow = typeof templates.$inferSelect
export type NewTemplateRow = Omit<typeof templates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

/** The templates table: each account's own templates, oldest first. */
export function createTemplatesRepository(db: Database) {
  return {
    listForUser: (userId: string): Promise<TemplateRow[]> =>
      db.select().from(templates).where(eq(templates.userId, userId)).orderBy(asc(templates.createdAt)),

    async findForUser(userId: string, id: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(templates)
        .where(and(eq(templates.userId, userId), eq(templates.id, id)))
      return row
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(templates).where(eq(templates.userId, userId))
      return row?.total ?? 0
    },

    /**
     * Adds a template unless the account already keeps `limit`: the account's row is locked for the count,
     * so two saves at once cannot both pass it. Undefined when the limit is reached.
     */
    async createWithin(row: NewTemplateRow, limit: number): Promise<TemplateRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update')
        const [held] = await tx.select({ total: count() }).from(templates).where(eq(templates.userId, row.userId))
        if ((held?.total ?? 0) >= limit) return undefined
        const [created] = await tx.insert(templates).values(row).returning()
        return created
      })
    },

    async update(
      userId: string,
      id: string,
      changes: { name?: string | undefined; description?: string | undefined },
    ): Promise<TemplateRow | undefined> {
      const set = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        updatedAt: sql`now()`,
      }
      const [row] = await db
        .update(templates)
        .set(set)
        .where(and(eq(templates.userId, userId), eq(templates.id, id)))
        .returning()
      return row
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(templates)
        .where(and(eq(templates.userId, userId), eq(templates.id, id)))
        .returning({ id: templates.id })
      return rows.length > 0
    },
  }
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>
