import type { FastifyInstance } from 'fastify'

import {
  AcceptedSchema,
  AuthenticatedUserSchema,
  ConfirmBodySchema,
  LoginBodySchema,
  PasswordResetBodySchema,
  PasswordResetConfirmBodySchema,
  ProfilePatchBodySchema,
  RegisterBodySchema,
  SendConfirmationCodeBodySchema,
  UserSchema,
} from '@storyreel/contracts/auth'

import { forbidCaching } from '#src/plugins/security-headers.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import { createSessionGuard, getBearerToken, getClientInfo, requireSession } from './auth.guard.ts'
import type { AuthService } from './auth.service.ts'
import type { PasswordsService } from './passwords.service.ts'

export type AuthRouteLimits = { authPerMinute: number; sessionPerMinute: number }

/** POST/GET/PATCH/DELETE /api/v1/auth/*: signing up and in, and the account itself. */
export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, passwords, limits }: { auth: AuthService; passwords: PasswordsService; limits: AuthRouteLimits },
) {
  // Every answer here carries a token, an account or a code check: none may be cached.
  void app.register((scope, _options, done) => {
    forbidCaching(scope)
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const credentialLimit = { rateLimit: { max: limits.authPerMinute, timeWindow: '1 minute' } }
    const sessionLimit = { rateLimit: { max: limits.sessionPerMinute, timeWindow: '1 minute' } }
    const requireUser = createSessionGuard(auth, 'user')
    const tags = ['Auth']

    api.post(
      '/api/v1/auth/register',
      {
        config: credentialLimit,
        schema: {
          tags,
          summary: 'Create an account with e-mail and password',
          description: 'Answers 201 with a session. The account is not confirmed yet: a six-digit code is e-mailed.',
          body: RegisterBodySchema,
          response: { 201: AuthenticatedUserSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await auth.register(request.body, getClientInfo(request))),
    )

    api.post(
      '/api/v1/auth/login',
      {
        config: credentialLimit,
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          description: 'Ten failures for one e-mail and IP block that pair for 15 minutes (429 LOGIN_LOCKED).',
          body: LoginBodySchema,
          response: { 200: AuthenticatedUserSchema },
        },
      },
      async (request) => auth.login(request.body, getClientInfo(request)),
    )

    api.post(
      '/api/v1/auth/send-confirmation-code',
      {
        config: credentialLimit,
        schema: {
          tags,
          summary: 'E-mail a new confirmation code',
          description:
            'Always 202, whether or not the account exists. At most one code a minute and five an hour per e-mail.',
          body: SendConfirmationCodeBodySchema,
          response: { 202: AcceptedSchema },
        },
      },
      async (request, reply) => {
        await auth.sendConfirmationCode(request.body.email)
        return reply.code(202).send({
          status: 'accepted',
          message: 'If this account needs confirming, a new code is on its way.',
        })
      },
    )

    api.post(
      '/api/v1/auth/confirm',
      {
        config: credentialLimit,
        schema: {
          tags,
          summary: 'Confirm the e-mail with the six-digit code',
          description:
            'Codes last 10 minutes, work once, and die after 5 wrong tries. Answers with a new session; a bearer ' +
            "token of the same account sent along (the sign-up's session) is signed out in the same step.",
          body: ConfirmBodySchema,
          response: { 200: AuthenticatedUserSchema },
        },
      },
      async (request) => auth.confirm(request.body, getClientInfo(request), getBearerToken(request)),
    )

    api.post(
      '/api/v1/auth/password-reset',
      {
        config: credentialLimit,
        schema: {
          tags,
          summary: 'E-mail a code to reset a forgotten password',
          description:
            'Always 202 with the same body, after the same work, whether or not the e-mail has an account. ' +
            'At most one code a minute and five an hour per e-mail; codes last 10 minutes and die after 5 wrong tries.',
          body: PasswordResetBodySchema,
          response: { 202: AcceptedSchema },
        },
      },
      async (request, reply) => {
        await passwords.requestReset(request.body.email)
        return reply.code(202).send({
          status: 'accepted',
          message: 'If an account uses this e-mail, a code to reset its password is on its way.',
        })
      },
    )

    api.post(
      '/api/v1/auth/password-reset/confirm',
      {
        config: credentialLimit,
        schema: {
          tags,
          summary: 'Set a new password with the e-mailed code',
          description:
            'Answers like a sign-in, with a new session. Every other session of the account ends, the sign-in ' +
            'lockout of the address lifts, an unconfirmed address counts as confirmed, and the owner is told by e-mail. ' +
            'Accounts made with Apple, Google or Discord can set a password this way.',
          body: PasswordResetConfirmBodySchema,
          response: { 200: AuthenticatedUserSchema },
        },
      },
      async (request) => passwords.confirmReset(request.body, getClientInfo(request)),
    )

    api.get(
      '/api/v1/auth/me',
      {
        config: sessionLimit,
        preHandler: requireUser,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'The signed-in user',
          response: { 200: UserSchema },
        },
      },
      (request) => auth.me(requireSession(request)),
    )

    api.patch(
      '/api/v1/auth/profile',
      {
        config: sessionLimit,
        preHandler: requireUser,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Change profile fields',
          description:
            'Only the fields sent change. A new e-mail is refused (409 EMAIL_CHANGE_NEEDS_CODE): it goes through ' +
            '`POST /api/v1/auth/email-change`, which proves both addresses.',
          body: ProfilePatchBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) => auth.updateProfile(requireSession(request), request.body),
    )

    api.post(
      '/api/v1/auth/logout',
      {
        config: sessionLimit,
        preHandler: requireUser,
        schema: { tags, auth: 'user', apiKeyScope: 'none', summary: 'Revoke this access token at once' },
      },
      async (request, reply) => {
        await auth.logout(requireSession(request))
        return reply.code(204).send()
      },
    )

    api.delete(
      '/api/v1/auth/me',
      {
        config: sessionLimit,
        preHandler: requireUser,
        schema: { tags, auth: 'user', apiKeyScope: 'none', summary: 'Delete the account and all its data' },
      },
      async (request, reply) => {
        await auth.deleteAccount(requireSession(request))
        return reply.code(204).send()
      },
    )
    done()
  })
}
