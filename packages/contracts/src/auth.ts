import { z } from 'zod'

import { CONFIRMATION_CODE_LENGTH } from './auth-limits.ts'
import { SINGLE_LINE_TEXT_CHECKS, SingleLineTextSchema } from './request-text.ts'

export {
  CONFIRMATION_CODE_LENGTH,
  CONFIRMATION_CODE_MAX_ATTEMPTS,
  CONFIRMATION_CODE_RESEND_SECONDS,
  CONFIRMATION_CODE_SENDS_PER_HOUR,
  CONFIRMATION_CODE_TTL_MINUTES,
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

export const ConfirmBodySchema = z
  .strictObject({
    email: EmailSchema,
    code: SingleLineTextSchema.trim().regex(
      new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`),
      `must be ${CONFIRMATION_CODE_LENGTH} digits`,
    ),
  })
  .meta({ id: 'ConfirmBody' })
export type ConfirmBody = z.input<typeof ConfirmBodySchema>

export const AcceptedSchema = z.object({ status: z.literal('accepted'), message: z.string() }).meta({ id: 'Accepted' })

/** Only the fields sent change; an empty body or an unknown field is a 400. */
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
