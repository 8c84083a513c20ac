import type { Database } from '@storyreel/db/client'
import { and, desc, eq, sql } from '@storyreel/db/operators'
import { projects } from '@storyreel/db/schema'

export type ProjectRow = typeof projects.$inferSelect
export type ProjectStatus = ProjectRow['status']

/** Every query on `projects`. Each one is scoped to the owner, so another user's id finds nothing. */
export function createProjectsRepository(defaultDb: Database) {
  return {
    async create(
      project: Pick<
        ProjectRow,
        'userId' | 'title' | 'sourceKind' | 'sourceText' | 'settings' | 'scenes' | 'scriptEngine'
      >,
      db: Database = defaultDb,
    ): Promise<ProjectRow> {
      const [row] = await db.insert(projects).values(project).returning()
      if (!row) throw new Error('insert into projects returned no row')
      return row
    },

    async findForUser(id: string, userId: string, db: Database = defaultDb): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.userId, userId)))
        .limit(1)
      return row
    },

    async exists(id: string, userId: string, db: Database = defaultDb): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.userId, userId)))
        .limit(1)
      return row !== undefined
    },

    /** Locks the row for the rest of the transaction, so two renders of one project cannot start at once. */
    async lockForUser(id: string, userId: string, db: Database): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.userId, userId)))
        .for('update')
        .limit(1)
      return row
    },

    async listForUser(userId: string, limit: number, db: Database = defaultDb): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projects)
        .where(eq(projects.userId, userId))
        .orderBy(desc(projects.updatedAt), desc(projects.id))
        .limit(limit)
    },

    async update(
      id: string,
      userId: string,
      changes: Partial<
        Pick<ProjectRow, 'title' | 'settings' | 'scenes' | 'scriptEngine' | 'status' | 'latestRenderId'>
      >,
      db: Database = defaultDb,
    ): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(projects.id, id), eq(projects.userId, userId)))
        .returning()
      return row
    },

    /** A render's outcome; leaves updatedAt alone, which tracks the user's own edits. */
    async setRenderState(
      id: string,
      state: Partial<Pick<ProjectRow, 'status' | 'thumbnailKey' | 'latestRenderId'>>,
      db: Database = defaultDb,
    ): Promise<void> {
      await db.update(projects).set(state).where(eq(projects.id, id))
    },

    async delete(id: string, userId: string, db: Database = defaultDb): Promise<boolean> {
      const rows = await db
        .delete(projects)
        .where(and(eq(projects.id, id), eq(projects.userId, userId)))
        .returning({ id: projects.id })
      return rows.length > 0
    },
  }
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>
