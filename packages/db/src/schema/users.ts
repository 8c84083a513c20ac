import { sql } from 'drizzle-orm'
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const USER_ROLES = ['user', 'admin'] as const
/** Render limits per plan live in the contracts (PLAN_LIMITS); purchases happen in the app stores. */
export const USER_PLANS = ['free', 'paid'] as const

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stored lower-cased; uniqueness is on the normalised address.
    email: text().notNull().unique(),
    firstName: text(),
    lastName: text(),
    passwordHash: text(),
    appleId: text().unique(),
    googleId: text().unique(),
    discordId: text().unique(),
    confirmed: boolean().notNull().default(false),
    role: text({ enum: USER_ROLES }).notNull().default('user'),
    disabled: boolean().notNull().default(false),
    plan: text({ enum: USER_PLANS }).notNull().default('free'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_plan_check', sql`${table.plan} in ('free', 'paid')`),
  ],
)
