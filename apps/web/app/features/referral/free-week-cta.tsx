import { GiftIcon } from '#app/components/ui/chrome-icons.tsx'

import { formatCountdown } from './countdown.ts'
import { referral } from './referral-store.ts'
import { useReferral } from './use-referral.ts'

/**
 * Opens the Free Week popup from a page (the pricing page's offer). The first open starts the 10-minute
 * countdown (docs/decisions/016-free-week-referral.md); once it has run out the offer is over here.
 */
export function FreeWeekCta({ className = '' }: { className?: string }) {
  const state = useReferral()
  if (state.stopped) {
    return <p className={`text-sm font-medium text-muted ${className}`}>Your Free Week offer has ended.</p>
  }
  return (
    <button type="button" className={`btn-primary ${className}`} onClick={() => referral.open()}>
      <GiftIcon className="h-5 w-5" />
      {state.active ? (
        <span>
          Redeem your Free Week <span className="tabular-nums">({formatCountdown(state.secondsLeft)} left)</span>
        </span>
      ) : (
        'Claim your Free Week'
      )}
    </button>
  )
}
