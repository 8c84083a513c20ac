import type { Database } from '@storyreel/db/client'
import { and, count, desc, eq, gte, ilike, or, sql } from '@storyreel/db/operators'
import { users } from '@storyreel/db/schema'

export type UserRow = typeof users.$inferSelect
export type IdentityProvider = 'apple' | 'google' | 'discord'
export type NewUser = Pick<typeof users.$inferInsert, 'email'> &
  Partial<
    Pick<
      UserRow,
      'firstName' | 'lastName' | 'passwordHash' | 'confirmed' | 'role' | 'appleId' | 'googleId' | 'discordId'
    >
  >
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'confirmed'
    | 'role'
    | 'disabled'
    | 'passwordHash'
    | 'appleId'
    | 'googleId'
    | 'discordId'
  >
>

const PROVIDER_COLUMNS = { apple: users.appleId, google: users.googleId, discord: users.discordId } as const

/** Every query on `users`; each method takes the transaction it should run in. */
export function createUsersRepository(defaultDb: Database) {
  return {
    async findById(id: string, db: Database = defaultDb): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },

    /** Holds the row until the transaction ends, so one account's limited actions pass one at a time. */
    async lockForUpdate(id: string, db: Database): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update')
      return row
    },

    async findByEmail(email: string, db: Database = defaultDb): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
      return row
    },

    async findByProvider(provider: IdentityProvider, subject: string, db: Database = defaultDb) {
      const [row] = await db.select().from(users).where(eq(PROVIDER_COLUMNS[provider], subject)).limit(1)
      return row
    },

    async create(user: NewUser, db: Database = defaultDb): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning()
      if (!row) throw new Error('insert into users returned no row')
      return row
    },

    async update(id: string, changes: UserChanges, db: Database = defaultDb): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    async delete(id: string, db: Database = defaultDb): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })
      return rows.length > 0
    },

    /** Promotes the configured admin e-mails; returns how many rows changed. */
    async promoteAdmins(emails: readonly string[], db: Database = defaultDb): Promise<number> {
      if (emails.length === 0) return 0
      const rows = await db
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(and(sql`${users.email} in ${emails}`, sql`${users.role} <> 'admin'`))
        .returning({ id: users.id })
      return rows.length
    },

    async list(
      { search, limit, offset }: { search: string | undefined; limit: number; offset: number },
      db: Database = defaultDb,
    ): Promise<{ rows: UserRow[]; total: number }> {
      const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined
      const where = pattern
        ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
        : undefined
      const [rows, [totals]] = await Promise.all([
        db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(users).where(where),
      ])
      return { rows, total: totals?.total ?? 0 }
    },

    async getStats(since: Date, db: Database = defaultDb) {
      const [row] = await db
        .select({
          total: count(),
          confirmed: sql<number>`count(*) filter (where ${users.confirmed})`.mapWith(Number),
          disabled: sql<number>`count(*) filter (where ${users.disabled})`.mapWith(Number),
          admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
          recent: sql<number>`count(*) filter (where ${gte(users.createdAt, since)})`.mapWith(Number),
        })
        .from(users)
      return row ?? { total: 0, confirmed: 0, disabled: 0, admins: 0, recent: 0 }
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>
