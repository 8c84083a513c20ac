import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * Free Week codes handed out per network address and UTC day, so clearing cookies cannot drain the pool
 * from one address. The address is kept only as a SHA-256 digest, and rows older than a day are pruned.
 */
export const referralClaims = pgTable(
  'referral_claims',
  {
    addressHash: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    claims: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.addressHash, table.day] })],
)
