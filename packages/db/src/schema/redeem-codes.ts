import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Google Play redeem codes for the Free Week: each handed to at most one visitor, ever. */
export const redeemCodes = pgTable('redeem_codes', {
  id: uuid().primaryKey().defaultRandom(),
  code: text().notNull().unique(),
  visitorKey: text().unique(),
  claimedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
