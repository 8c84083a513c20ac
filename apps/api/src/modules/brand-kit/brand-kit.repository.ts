import type { Database } from '@storyreel/db/client'
import { eq, sql } from '@storyreel/db/operators'
import { brandKits, type BrandKitFont, type BrandKitSettings } from '@storyreel/db/schema'

export type BrandKitRow = typeof brandKits.$inferSelect

/** The brand_kits table: one row per account that has saved a kit. */
export function createBrandKitRepository(defaultDb: Database) {
  const db = defaultDb
  return {
    /** `tx`: the transaction to read in (a render's queueing reads the kit inside its own). */
    async find(userId: string, tx: Database = defaultDb): Promise<BrandKitRow | undefined> {
      const [row] = await tx.select().from(brandKits).where(eq(brandKits.userId, userId))
      return row
    },

    async saveSettings(userId: string, settings: BrandKitSettings): Promise<BrandKitRow> {
      const [row] = await db
        .insert(brandKits)
        .values({ userId, settings })
        .onConflictDoUpdate({ target: brandKits.userId, set: { settings, updatedAt: sql`now()` } })
        .returning()
      if (!row) throw new Error('the brand kit was not saved')
      return row
    },

    /** Sets (or clears) the font; answers the key of the file it replaced, for the caller to delete. */
    async saveFont(
      userId: string,
      font: BrandKitFont | null,
      defaults: BrandKitSettings,
    ): Promise<{ row: BrandKitRow; replacedKey: string | null }> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(brandKits).where(eq(brandKits.userId, userId)).for('update')
        const [row] = await tx
          .insert(brandKits)
          .values({ userId, settings: defaults, font })
          .onConflictDoUpdate({
            target: brandKits.userId,
            set: { font, updatedAt: sql`now()` },
          })
          .returning()
        if (!row) throw new Error('the brand font was not saved')
        return { row, replacedKey: before?.font?.key ?? null }
      })
    },
  }
}

export type BrandKitRepository = ReturnType<typeof createBrandKitRepository>
