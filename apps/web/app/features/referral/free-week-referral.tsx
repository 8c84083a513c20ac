import { useEffect, useState, type ComponentType } from 'react'
import { useSearchParams } from 'react-router'

import { referral } from './referral-store.ts'
import { useReferral } from './use-referral.ts'

/**
 * Mounted once by the landing layout: initialises the referral in the browser (never while prerendering)
 * and renders its popup. `?referral=FREEWEEK` opens the popup at once.
 *
 * Most visits never open the popup, so its code loads when it first opens and then stays mounted. It is loaded
 * by hand rather than through React.lazy: a Suspense boundary reveals its content after a timer, and the
 * countdown's tests (and a throttled background tab) must not wait on one.
 */
export function FreeWeekReferral() {
  const [searchParams] = useSearchParams()
  const referralParam = searchParams.get('referral')
  const { popupOpen } = useReferral()
  const [Popup, setPopup] = useState<ComponentType>()

  useEffect(() => {
    referral.initialise({ referralParam })
  }, [referralParam])

  useEffect(() => {
    if (!popupOpen || Popup) return
    let current = true
    void import('./referral-popup.tsx').then((module) => {
      if (current) setPopup(() => module.ReferralPopup)
    })
    return () => {
      current = false
    }
  }, [popupOpen, Popup])

  return Popup ? <Popup /> : null
}
