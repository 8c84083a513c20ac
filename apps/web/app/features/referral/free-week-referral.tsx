import { lazy, Suspense, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'

import { referral } from './referral-store.ts'
import { useReferral } from './use-referral.ts'

// Most visits never open the popup: its code loads when it first opens, then it stays mounted.
const ReferralPopup = lazy(() => import('./referral-popup.tsx').then((module) => ({ default: module.ReferralPopup })))

/**
 * Mounted once by the landing layout: initialises the referral in the browser (never while prerendering)
 * and renders its popup. `?referral=FREEWEEK` opens the popup at once.
 */
export function FreeWeekReferral() {
  const [searchParams] = useSearchParams()
  const referralParam = searchParams.get('referral')
  const { popupOpen } = useReferral()
  const [hasOpened, setHasOpened] = useState(false)
  if (popupOpen && !hasOpened) setHasOpened(true)
  useEffect(() => {
    referral.initialise({ referralParam })
  }, [referralParam])
  return hasOpened ? (
    <Suspense fallback={null}>
      <ReferralPopup />
    </Suspense>
  ) : null
}
