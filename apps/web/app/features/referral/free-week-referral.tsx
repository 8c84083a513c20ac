import { useEffect } from 'react'
import { useSearchParams } from 'react-router'

import { ReferralPopup } from './referral-popup.tsx'
import { referral } from './referral-store.ts'

/**
 * Mounted once by the landing layout: initialises the referral in the browser (never while prerendering)
 * and renders its popup. `?referral=FREEWEEK` opens the popup at once.
 */
export function FreeWeekReferral() {
  const [searchParams] = useSearchParams()
  const referralParam = searchParams.get('referral')
  useEffect(() => {
    referral.initialise({ referralParam })
  }, [referralParam])
  return <ReferralPopup />
}
