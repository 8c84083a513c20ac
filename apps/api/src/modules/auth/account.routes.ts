import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import {
  AcceptedSchema,
  EmailChangeBodySchema,
  EmailChangeConfirmBodySchema,
  PasswordChangeBodySchema,
  PasswordChangedSchema,
  SessionListSchema,
  SessionsRevokedSchema,
  UserSchema,
} from '@storyreel/contracts/auth'

import { forbidCaching } from '#src/plugins/security-headers.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { AccountSessionsService } from './account-sessions.service.ts'
import { createSessionGuard, getClientInfo, requireSession } from './auth.guard.ts'
import type { AuthService } from './auth.service.ts'
import type { EmailChangeService } from './email-change.service.ts'
import type { PasswordsService } from './passwords.service.ts'

const SessionParamsSchema = z.strictObject({ id: z.uuid() })

/** The signed-in account's security: its password, its e-mail and its sessions. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService
    passwords: PasswordsService
    emailChange: EmailChangeService
    accountSessions: AccountSessionsService
    limits: { authPerMinute: number; sessionPerMinute: number }
  },
) {
  const { auth, passwords, emailChange, accountSessions, limits } = deps
  void app.register((scope, _options, done) => {
    forbidCaching(scope)
    scope.addHook('preHandler', createSessionGuard(auth, 'user'))
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const sessionLimit = { rateLimit: { max: limits.sessionPerMinute, timeWindow: '1 minute' } }
    // Calls that check a password or send an e-mail are held to the sign-in limit.
    const credentialLimit = { rateLimit: { max: limits.authPerMinute, timeWindow: '1 minute' } }
    const tags = ['Account']

    api.post(
      '/api/v1/auth/password',
      {
        config: credentialLimit,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Change the password',
          description:
            'The current password and a new one under the sign-up rules. With `sign_out_other_sessions`, every ' +
            'other session ends at once. A wrong current password answers 403 PASSWORD_INCORRECT and counts ' +
            'toward the sign-in lockout. Accounts without a password set one with a reset code instead.',
          body: PasswordChangeBodySchema,
          response: { 200: PasswordChangedSchema },
        },
      },
      async (request) => passwords.changePassword(requireSession(request), request.body, getClientInfo(request)),
    )

    api.post(
      '/api/v1/auth/reauthentication-code',
      {
        config: credentialLimit,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'E-mail a code to the current address, in place of a password',
          description:
            'For accounts that sign in only with Apple, Google or Discord, before an e-mail change. Always 202; ' +
            'at most one code a minute and five an hour.',
          response: { 202: AcceptedSchema },
        },
      },
      async (request, reply) => {
        await emailChange.sendReauthenticationCode(requireSession(request))
        return reply.code(202).send({ status: 'accepted', message: 'A code is on its way to your current e-mail.' })
      },
    )

    api.post(
      '/api/v1/auth/email-change',
      {
        config: credentialLimit,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Start an e-mail change',
          description:
            'With the current password, or for an account without one the code from `reauthentication-code`. ' +
            'A code goes to the new address; the account keeps its address until that code is confirmed. The ' +
            'answer is the same whether or not the new address belongs to another account.',
          body: EmailChangeBodySchema,
          response: { 202: AcceptedSchema },
        },
      },
      async (request, reply) => {
        await emailChange.requestChange(requireSession(request), request.body, getClientInfo(request))
        return reply.code(202).send({
          status: 'accepted',
          message: `We sent a code to ${request.body.new_email}. Enter it to confirm the new address.`,
        })
      },
    )

    api.post(
      '/api/v1/auth/email-change/confirm',
      {
        config: credentialLimit,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Confirm the new e-mail with its code',
          description: 'The new address replaces the old one, which is told by e-mail.',
          body: EmailChangeConfirmBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) => emailChange.confirmChange(requireSession(request), request.body.code),
    )

    api.get(
      '/api/v1/auth/sessions',
      {
        config: sessionLimit,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Where the account is signed in',
          description: 'Live sessions, the most recently used first (100 at most), with the current one marked.',
          response: { 200: SessionListSchema },
        },
      },
      async (request) => accountSessions.list(requireSession(request)),
    )

    api.delete(
      '/api/v1/auth/sessions/:id',
      {
        config: sessionLimit,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Sign out one session',
          description: 'At once, on every instance. Signing out the current session is a logout.',
          params: SessionParamsSchema,
        },
      },
      async (request, reply) => {
        await accountSessions.revoke(requireSession(request), request.params.id)
        return reply.code(204).send()
      },
    )

    api.post(
      '/api/v1/auth/sessions/revoke-others',
      {
        config: sessionLimit,
        schema: {
          tags,
          auth: 'user',
          apiKeyScope: 'none',
          summary: 'Sign out every other session',
          description: 'At once, on every instance; the current session stays.',
          response: { 200: SessionsRevokedSchema },
        },
      },
      async (request) => accountSessions.revokeOthers(requireSession(request)),
    )
    done()
  })
}
