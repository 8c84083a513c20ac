import type { FastifyInstance } from 'fastify'

import {
  AdminLoginBodySchema,
  AdminStatsSchema,
  AdminUserParamsSchema,
  AdminUserPatchBodySchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  REDEEM_CODES_UPLOAD_MAX_BYTES,
  RedeemCodesUploadBodySchema,
  RedeemCodesUploadResultSchema,
  RedeemCodeStatsSchema,
} from '@storyreel/contracts/admin'
import { AuthenticatedUserSchema } from '@storyreel/contracts/auth'

import { createSessionGuard, getClientInfo, requireSession } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { forbidCaching } from '#src/plugins/security-headers.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { AdminService } from './admin.service.ts'

export type AdminRouteLimits = { authPerMinute: number; sessionPerMinute: number }

/** /admin/*: the admin console's calls, open to admin tokens only. */
export function registerAdminRoutes(
  app: FastifyInstance,
  { admin, auth, limits }: { admin: AdminService; auth: AuthService; limits: AdminRouteLimits },
) {
  // Answers carry sessions and accounts: none may be cached.
  void app.register((scope, _options, done) => {
    forbidCaching(scope)
    const api = scope.withTypeProvider<ZodTypeProvider>()
    const credentialLimit = { rateLimit: { max: limits.authPerMinute, timeWindow: '1 minute' } }
    const sessionLimit = { rateLimit: { max: limits.sessionPerMinute, timeWindow: '1 minute' } }
    // Run at onRequest, before the body is read or validated: a caller without an admin token learns nothing
    // about the admin calls and cannot make the server parse a large upload.
    const requireAdmin = createSessionGuard(auth, 'admin')
    const tags = ['Admin']

    api.post(
      '/admin/login',
      {
        config: credentialLimit,
        schema: {
          tags,
          summary: 'Sign in to the admin console',
          description:
            'Admins only (403 NOT_ADMIN otherwise). The token opens /admin/* for 12 hours and nothing else; ' +
            'failures count toward the same lockout as the app sign-in.',
          body: AdminLoginBodySchema,
          response: { 200: AuthenticatedUserSchema },
        },
      },
      async (request) => admin.login(request.body, getClientInfo(request)),
    )

    api.post(
      '/admin/logout',
      {
        config: sessionLimit,
        onRequest: requireAdmin,
        schema: { tags, auth: 'admin', summary: 'Revoke this admin token at once' },
      },
      async (request, reply) => {
        await admin.logout(requireSession(request))
        return reply.code(204).send()
      },
    )

    api.get(
      '/admin/users',
      {
        config: sessionLimit,
        onRequest: requireAdmin,
        schema: {
          tags,
          auth: 'admin',
          summary: 'Find accounts',
          description: 'Newest first. `q` matches part of the e-mail, first or last name, ignoring case.',
          querystring: AdminUsersQuerySchema,
          response: { 200: AdminUsersPageSchema },
        },
      },
      async (request) => admin.listUsers(request.query),
    )

    api.patch(
      '/admin/users/:id',
      {
        config: sessionLimit,
        onRequest: requireAdmin,
        schema: {
          tags,
          auth: 'admin',
          summary: "Change an account's role, confirmation or disabled flag",
          description:
            'Disabling revokes all of the account’s tokens at once. 409 CANNOT_CHANGE_SELF when an admin would ' +
            'demote, disable or unconfirm their own account; 409 ADMIN_SET_BY_CONFIG when demoting an ADMIN_EMAILS account.',
          params: AdminUserParamsSchema,
          body: AdminUserPatchBodySchema,
          response: { 200: AdminUserSchema },
        },
      },
      async (request) => admin.updateUser(requireSession(request), request.params.id, request.body),
    )

    api.get(
      '/admin/referral-codes',
      {
        config: sessionLimit,
        onRequest: requireAdmin,
        schema: {
          tags,
          auth: 'admin',
          summary: 'How many redeem codes the pool holds, and how many are claimed',
          response: { 200: RedeemCodeStatsSchema },
        },
      },
      async () => admin.getRedeemCodeStats(),
    )

    api.post(
      '/admin/referral-codes',
      {
        config: sessionLimit,
        // A file of thousands of codes outgrows the 16 KiB every other route accepts.
        bodyLimit: REDEEM_CODES_UPLOAD_MAX_BYTES,
        onRequest: requireAdmin,
        schema: {
          tags,
          auth: 'admin',
          summary: 'Add Google Play redeem codes to the pool',
          description:
            'A list of codes or CSV text (first column; blank rows and a header row are skipped). Codes already in ' +
            'the pool or repeated in the upload count as duplicates. If any entry is not a valid code, nothing is ' +
            'added and the 400 lists every bad entry.',
          body: RedeemCodesUploadBodySchema,
          response: { 200: RedeemCodesUploadResultSchema },
        },
      },
      async (request) => admin.uploadRedeemCodes(requireSession(request), request.body),
    )

    api.get(
      '/admin/stats',
      {
        config: sessionLimit,
        onRequest: requireAdmin,
        schema: {
          tags,
          auth: 'admin',
          summary: 'Counts of accounts, live sessions and redeem codes',
          response: { 200: AdminStatsSchema },
        },
      },
      async () => admin.getStats(),
    )

    api.get(
      '/admin/audit-log',
      {
        config: sessionLimit,
        onRequest: requireAdmin,
        schema: {
          tags,
          auth: 'admin',
          summary: 'What admins changed, newest first',
          querystring: AuditLogQuerySchema,
          response: { 200: AuditLogPageSchema },
        },
      },
      async (request) => admin.listAuditLog(request.query),
    )
    done()
  })
}
