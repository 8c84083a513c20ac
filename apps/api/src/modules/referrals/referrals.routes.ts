import type { FastifyInstance } from 'fastify'

import { ReferralCodeSchema } from '@storyreel/contracts/referral'

import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { ReferralsService } from './referrals.service.ts'
import { createVisitorKey, getVisitorKey, serializeVisitorCookie } from './visitor-cookie.ts'

/** GET /api/referral-code: the site's own call for the Free Week popup. */
export function registerReferralRoutes(
  app: FastifyInstance,
  { referrals, perMinute }: { referrals: ReferralsService; perMinute: number },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/referral-code',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['Site'],
        summary: 'A Google Play redeem code for the Free Week',
        description:
          'The visitor is known by an HttpOnly cookie (sr_visitor) that this call sets when missing. The first call ' +
          'claims one unused code; later calls answer the same code. 404 REDEEM_CODES_EMPTY when none are left; 429 ' +
          "REDEEM_CODES_DAILY_LIMIT when the caller's network address has taken its new codes for the day.",
        response: { 200: ReferralCodeSchema },
      },
    },
    async (request, reply) => {
      // A code is personal: no shared cache may keep it, whatever the answer.
      reply.header('cache-control', 'no-store')
      let visitorKey = getVisitorKey(request.headers.cookie)
      if (!visitorKey) {
        visitorKey = createVisitorKey()
        reply.header('set-cookie', serializeVisitorCookie(visitorKey, { secure: request.protocol === 'https' }))
      }
      return referrals.getCodeForVisitor(visitorKey, request.ip)
    },
  )
}
