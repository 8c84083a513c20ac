import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'

import { users } from './users.ts'

/** The kit's parts the API validates with its contracts: the logo's place, the colours and the two cards. */
export type BrandKitSettings = {
  logo: { asset_id: string; position: string; size: number; opacity: number } | null
  colours: { primary: string; accent: string }
  opening_card: { enabled: boolean; headline: string; seconds: number }
  closing_card: { enabled: boolean; call_to_action: string; contact: string; seconds: number; voiced: boolean }
}

/** The uploaded brand font: where its file is and what it was found to be. */
export type BrandKitFont = { key: string; family: string; format: 'ttf' | 'otf' | 'woff' | 'woff2'; uploadedAt: string }

/** One brand kit per account, made the first time its owner saves one; it goes with the account. */
export const brandKits = pgTable('brand_kits', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb().$type<BrandKitSettings>().notNull(),
  /** Its file lives under `brand-kits/<user id>/`, which goes with the account. */
  font: jsonb().$type<BrandKitFont>(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
