import { ReferralCodeSchema } from '@storyreel/contracts/referral'

import { ApiError } from '#app/lib/api-client.ts'
import { getApi } from '#app/lib/api.ts'

export type ReferralCodeResult = { ok: true; code: string } | { ok: false; reason: 'pool-empty' | 'failed' }

/**
 * Claims this visitor's Google Play code from GET /api/referral-code (the server keeps it per visitor
 * cookie). An empty pool and a failed call are outcomes the popup explains, not exceptions.
 */
export async function fetchReferralCode(): Promise<ReferralCodeResult> {
  try {
    const answer = ReferralCodeSchema.parse(await getApi().get('referral-code', { target: 'local', retry: 1 }))
    return { ok: true, code: answer.code }
  } catch (error) {
    if (error instanceof ApiError && error.code === 'REDEEM_CODES_EMPTY') return { ok: false, reason: 'pool-empty' }
    return { ok: false, reason: 'failed' }
  }
}
