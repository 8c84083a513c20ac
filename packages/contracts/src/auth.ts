import { z } from 'zod'

import { CONFIRMATION_CODE_LENGTH } from './auth-limits.ts'
import { SINGLE_LINE_TEXT_CHECKS, SingleLineTextSchema } from './request-text.ts'

export {
  CONFIRMATION_CODE_LENGTH,
  CONFIRMATION_CODE_MAX_ATTEMPTS,
  CONFIRMATION_CODE_RESEND_SECONDS,
  CONFIRMATION_CODE_SENDS_PER_HOUR,
  CONFIRMATION_CODE_TTL_MINUTES,
  CONFIRMATION_CODE_WRONG_TRIES_PER_DAY,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-limits.ts'

const NAME_MAX_LENGTH = 80

export const EmailSchema = SingleLineTextSchema.trim()
  .max(254)
  .pipe(z.email({ error: 'must be a valid e-mail address' }))
  .transform((email) => email.toLowerCase())
  .meta({ example: 'maya@example.com' })

/** Bounds only: whether a new password is strong enough is the API's check (it names the rule broken). */
export const PasswordSchema = SingleLineTextSchema.min(1, 'is required').max(1024)

const NameSchema = SingleLineTextSchema.trim().max(NAME_MAX_LENGTH)

export const UserSchema = z
  .object({
    id: z.uuid(),
    email: z.email(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    confirmed: z.boolean(),
    role: z.enum(['user', 'admin']),
    /** How the account can sign in, so the profile screen can explain it. */
    sign_in_methods: z.array(z.enum(['password', 'apple', 'google', 'discord'])),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'User' })
export type User = z.infer<typeof UserSchema>

export const AuthenticatedUserSchema = UserSchema.extend({
  access_token: z.string().meta({ description: 'Send as `Authorization: Bearer <token>`.' }),
  expires_at: z.iso.datetime({ offset: true }),
}).meta({ id: 'AuthenticatedUser' })
export type AuthenticatedUser = z.infer<typeof AuthenticatedUserSchema>

export const RegisterBodySchema = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    first_name: NameSchema.optional(),
    last_name: NameSchema.optional(),
  })
  .meta({ id: 'RegisterBody' })
export type RegisterBody = z.input<typeof RegisterBodySchema>

export const LoginBodySchema = z
  .strictObject({ email: EmailSchema, password: PasswordSchema })
  .meta({ id: 'LoginBody' })
export type LoginBody = z.input<typeof LoginBodySchema>

export const SendConfirmationCodeBodySchema = z
  .strictObject({ email: EmailSchema })
  .meta({ id: 'SendConfirmationCodeBody' })
export type SendConfirmationCodeBody = z.input<typeof SendConfirmationCodeBodySchema>

/** A six-digit e-mailed code, whatever it is for. */
export const EmailCodeSchema = SingleLineTextSchema.trim().regex(
  new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`),
  `must be ${CONFIRMATION_CODE_LENGTH} digits`,
)

export const ConfirmBodySchema = z
  .strictObject({ email: EmailSchema, code: EmailCodeSchema })
  .meta({ id: 'ConfirmBody' })
export type ConfirmBody = z.input<typeof ConfirmBodySchema>

export const AcceptedSchema = z.object({ status: z.literal('accepted'), message: z.string() }).meta({ id: 'Accepted' })

/**
 * Only the fields sent change; an empty body or an unknown field is a 400. `email` may only repeat the
 * current address: a new one goes through `POST /api/v1/auth/email-change`, which proves both addresses.
 */
export const ProfilePatchBodySchema = z
  .strictObject({
    first_name: NameSchema.nullable().optional(),
    last_name: NameSchema.nullable().optional(),
    email: EmailSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .meta({ id: 'ProfilePatchBody' })
export type ProfilePatchBody = z.input<typeof ProfilePatchBodySchema>

/** The Apple sign-in payload plus the identity token and the raw nonce the client generated. */
export const AppleLoginBodySchema = z
  .strictObject({
    id_token: SingleLineTextSchema.min(1).max(8192),
    nonce: SingleLineTextSchema.min(8).max(256),
    first_name: NameSchema.nullish(),
    last_name: NameSchema.nullish(),
    email: SingleLineTextSchema.max(254).nullish().meta({ description: 'Informational; the verified token decides.' }),
    apple_identifier: SingleLineTextSchema.max(256)
      .nullish()
      .meta({ description: 'Informational; the token `sub` decides.' }),
    os: z.enum(['web', 'ios', 'android']),
  })
  .meta({ id: 'AppleLoginBody' })
export type AppleLoginBody = z.input<typeof AppleLoginBodySchema>

/** The Google sign-in payload plus the Google credential (an ID token). */
export const GoogleLoginBodySchema = z
  .strictObject({
    credential: SingleLineTextSchema.min(1).max(8192),
    nonce: SingleLineTextSchema.min(8).max(256).optional(),
    email: SingleLineTextSchema.max(254).nullish().meta({ description: 'Informational; the verified token decides.' }),
    first_name: NameSchema.nullish(),
    google_identifier: SingleLineTextSchema.max(256)
      .nullish()
      .meta({ description: 'Informational; the token `sub` decides.' }),
    os: z.enum(['web', 'ios', 'android']),
  })
  .meta({ id: 'GoogleLoginBody' })
export type GoogleLoginBody = z.input<typeof GoogleLoginBodySchema>

/** The authorization code from Discord's redirect; the client checks `state` against the one it sent. */
export const DiscordLoginBodySchema = z
  .strictObject({
    code: SingleLineTextSchema.min(1).max(512),
    redirect_uri: z.url().check(...SINGLE_LINE_TEXT_CHECKS),
    state: SingleLineTextSchema.min(8).max(256),
  })
  .meta({ id: 'DiscordLoginBody' })
export type DiscordLoginBody = z.input<typeof DiscordLoginBodySchema>

export const PasswordResetBodySchema = z.strictObject({ email: EmailSchema }).meta({ id: 'PasswordResetBody' })
export type PasswordResetBody = z.input<typeof PasswordResetBodySchema>

export const PasswordResetConfirmBodySchema = z
  .strictObject({
    email: EmailSchema,
    code: EmailCodeSchema,
    password: PasswordSchema.meta({ description: 'The new password, under the sign-up rules.' }),
  })
  .meta({ id: 'PasswordResetConfirmBody' })
export type PasswordResetConfirmBody = z.input<typeof PasswordResetConfirmBodySchema>

export const PasswordChangeBodySchema = z
  .strictObject({
    current_password: PasswordSchema,
    new_password: PasswordSchema.meta({ description: 'Under the sign-up rules.' }),
    sign_out_other_sessions: z.boolean().default(false),
  })
  .meta({ id: 'PasswordChangeBody' })
export type PasswordChangeBody = z.input<typeof PasswordChangeBodySchema>

export const PasswordChangedSchema = z
  .object({ user: UserSchema, other_sessions_signed_out: z.number().int().min(0) })
  .meta({ id: 'PasswordChanged' })
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>

/**
 * The first step of an e-mail change. Accounts with a password send it; accounts that sign in only with
 * Apple, Google or Discord send the code mailed to their current address (`reauthentication-code`).
 */
export const EmailChangeBodySchema = z
  .strictObject({
    new_email: EmailSchema,
    password: PasswordSchema.optional(),
    code: EmailCodeSchema.optional(),
  })
  .meta({ id: 'EmailChangeBody' })
export type EmailChangeBody = z.input<typeof EmailChangeBodySchema>

export const EmailChangeConfirmBodySchema = z
  .strictObject({ code: EmailCodeSchema })
  .meta({ id: 'EmailChangeConfirmBody' })
export type EmailChangeConfirmBody = z.input<typeof EmailChangeConfirmBodySchema>

export const SessionInfoSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['user', 'admin']).meta({ description: '`admin` for the admin console.' }),
    device: z.string().meta({ description: 'Read from the User-Agent, or "Unknown device".', example: 'iPhone' }),
    browser: z.string().nullable().meta({ example: 'Safari 18' }),
    os: z.string().nullable().meta({ example: 'iOS 18.1' }),
    created_at: z.iso.datetime({ offset: true }),
    last_used_at: z.iso.datetime({ offset: true }).nullable().meta({ description: 'Updated at most once a minute.' }),
    expires_at: z.iso.datetime({ offset: true }),
    current: z.boolean().meta({ description: 'The session this call was made with.' }),
  })
  .meta({ id: 'SessionInfo' })
export type SessionInfo = z.infer<typeof SessionInfoSchema>

export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) }).meta({ id: 'SessionList' })
export type SessionList = z.infer<typeof SessionListSchema>

export const SessionsRevokedSchema = z.object({ revoked: z.number().int().min(0) }).meta({ id: 'SessionsRevoked' })
export type SessionsRevoked = z.infer<typeof SessionsRevokedSchema>
