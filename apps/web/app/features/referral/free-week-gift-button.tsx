import { GiftIcon } from '#app/components/ui/chrome-icons.tsx'

import { formatCountdown } from './countdown.ts'
import { referral } from './referral-store.ts'
import { useReferral } from './use-referral.ts'

/** The header's gift: shown while a referral is active, it reopens the popup. */
export function FreeWeekGiftButton() {
  const state = useReferral()
  if (!state.active) return null
  return (
    <button
      type="button"
      onClick={() => referral.open()}
      className="relative inline-flex h-10 items-center gap-2 rounded-full border border-accent/50 bg-gradient-to-r from-brand-600/20 to-flare-500/20 pl-2.5 pr-3.5 text-sm font-semibold text-ink transition-colors hover:border-accent"
    >
      <GiftIcon className="h-5 w-5 text-accent" />
      <span className="sr-only">Free Week offer, </span>
      <span className="tabular-nums">{formatCountdown(state.secondsLeft)}</span>
      <span className="sr-only"> left</span>
      <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 flex h-2.5 w-2.5">
        <span className="absolute inset-0 rounded-full bg-flare-400 opacity-75 motion-safe:animate-ping" />
        <span className="relative h-2.5 w-2.5 rounded-full bg-flare-500" />
      </span>
    </button>
  )
}
