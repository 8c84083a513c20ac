import { z } from 'zod'

/** GET /api/referral-code: one Google Play redeem code per visitor, the same one on every call. */
export const ReferralCodeSchema = z.object({ code: z.string(), redeem_url: z.url() }).meta({ id: 'ReferralCode' })
export type ReferralCode = z.infer<typeof ReferralCodeSchema>
