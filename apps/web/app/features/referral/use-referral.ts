import { useSyncExternalStore } from 'react'

import { referral, type ReferralState } from './referral-store.ts'

/** The referral as React sees it; prerendering and hydration see it not initialised, so nothing shows. */
export function useReferral(): ReferralState {
  return useSyncExternalStore(referral.subscribe, referral.getState, referral.getInitialState)
}
