import { z } from 'zod'

import { EmailSchema, PasswordSchema, UserSchema } from './auth.ts'
import { MultiLineTextSchema, SingleLineTextSchema } from './request-text.ts'

export const ADMIN_USERS_PAGE_SIZE_MAX = 100
/** One upload holds at most this many redeem codes; its route alone accepts a body beyond 16 KiB. */
export const REDEEM_CODES_UPLOAD_MAX = 10_000
/** The upload route's body limit, so the console can refuse a larger file before sending it. */
export const REDEEM_CODES_UPLOAD_MAX_BYTES = 512 * 1024

export const AdminLoginBodySchema = z
  .strictObject({ email: EmailSchema, password: PasswordSchema })
  .meta({ id: 'AdminLoginBody' })
export type AdminLoginBody = z.input<typeof AdminLoginBodySchema>

export const AdminUserSchema = UserSchema.extend({
  disabled: z.boolean(),
  /** Render limits; purchases happen in the app stores, support can set it here. */
  plan: z.enum(['free', 'paid']),
  updated_at: z.iso.datetime({ offset: true }),
}).meta({ id: 'AdminUser' })
export type AdminUser = z.infer<typeof AdminUserSchema>

export const AdminUsersQuerySchema = z.strictObject({
  q: SingleLineTextSchema.trim()
    .max(254)
    .optional()
    .meta({ description: 'Matches e-mail and names, case-insensitive.' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE_MAX).default(20),
})
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>

export const AdminUsersPageSchema = z
  .object({
    users: z.array(AdminUserSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AdminUsersPage' })
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>

/** Any string: an id that is not a uuid names no account, so it is a 404 like an unknown one. */
export const AdminUserParamsSchema = z.strictObject({ id: SingleLineTextSchema.max(64) })
export type AdminUserParams = z.infer<typeof AdminUserParamsSchema>

export const AdminUserPatchBodySchema = z
  .strictObject({
    role: z.enum(['user', 'admin']).optional(),
    confirmed: z.boolean().optional(),
    disabled: z.boolean().optional(),
    plan: z.enum(['free', 'paid']).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .meta({ id: 'AdminUserPatchBody' })
export type AdminUserPatchBody = z.input<typeof AdminUserPatchBodySchema>

/** Google Play promo codes: letters and digits, sometimes grouped with dashes. */
export const RedeemCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,63}$/, 'must be 4-64 letters, digits or dashes')

/**
 * Entries are checked against RedeemCodeSchema by the API, not here (only their characters are), so that a
 * list and a CSV file get the same 400: every bad entry named with its position and value.
 */
export const RedeemCodesUploadBodySchema = z
  .union([
    z.strictObject({
      codes: z
        .array(SingleLineTextSchema.max(256))
        .min(1)
        .max(REDEEM_CODES_UPLOAD_MAX)
        .meta({ description: 'Codes of 4-64 letters, digits or dashes.' }),
    }),
    z.strictObject({
      csv: MultiLineTextSchema.min(1).max(REDEEM_CODES_UPLOAD_MAX_BYTES).meta({
        description:
          'CSV text: the first column of each row is a code; blank rows and a header row such as "code" are skipped.',
      }),
    }),
  ])
  .meta({ id: 'RedeemCodesUploadBody', description: 'Either a list of codes or CSV text with one code per row.' })
export type RedeemCodesUploadBody = z.input<typeof RedeemCodesUploadBodySchema>

export const RedeemCodeStatsSchema = z
  .object({ total: z.number().int(), claimed: z.number().int(), left: z.number().int() })
  .meta({ id: 'RedeemCodeStats' })
export type RedeemCodeStats = z.infer<typeof RedeemCodeStatsSchema>

export const RedeemCodesUploadResultSchema = z
  .object({ added: z.number().int(), duplicates: z.number().int(), stats: RedeemCodeStatsSchema })
  .meta({ id: 'RedeemCodesUploadResult' })
export type RedeemCodesUploadResult = z.infer<typeof RedeemCodesUploadResultSchema>

export const AdminStatsSchema = z
  .object({
    users: z.object({
      total: z.number().int(),
      confirmed: z.number().int(),
      disabled: z.number().int(),
      admins: z.number().int(),
      new_last_7_days: z.number().int(),
    }),
    sessions: z.object({ active: z.number().int() }),
    redeem_codes: RedeemCodeStatsSchema,
  })
  .meta({ id: 'AdminStats' })
export type AdminStats = z.infer<typeof AdminStatsSchema>

export const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    actor_email: z.string().nullable(),
    action: z.string(),
    target_id: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AuditEntry' })
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AuditLogQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE_MAX).default(50),
})
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>

export const AuditLogPageSchema = z
  .object({
    entries: z.array(AuditEntrySchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AuditLogPage' })
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>
