import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

import { AppleIcon, CloseIcon, PlayStoreIcon } from '#app/components/ui/chrome-icons.tsx'

import { CountdownRing } from './countdown-ring.tsx'
import { redeemer } from './redeem.ts'
import { FREE_WEEK_DURATION_MS, referral } from './referral-store.ts'
import { useReferral } from './use-referral.ts'

type GooglePlayStatus = 'idle' | 'busy' | 'pool-empty' | 'failed'

const GOOGLE_PLAY_MESSAGES: Partial<Record<GooglePlayStatus, string>> = {
  'pool-empty':
    'All Google Play codes have been given out for now. Please check back later, or redeem at the App Store.',
  failed: 'We could not get your Google Play code. Check your connection and try again.',
}

const storeButton =
  'inline-flex w-full items-center justify-center gap-3 rounded-2xl border border-white/15 bg-black px-5 py-3.5 font-semibold text-white shadow-lg shadow-black/30 transition hover:border-white/40 aria-disabled:cursor-progress aria-disabled:opacity-70'

/** Tab from the last control wraps to the first: a modal <dialog> alone would let focus leave for the browser UI. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button, a[href]')]
  const first = focusable[0]
  const last = focusable.at(-1)
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last?.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first?.focus()
  }
}

/**
 * The Free Week popup on the native modal <dialog>: the rest of the page is inert while it is
 * open and Tab wraps inside it; Escape and the close button close it, and focus returns to what opened it.
 */
export function ReferralPopup() {
  const state = useReferral()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const bodyId = useId()
  const [googlePlay, setGooglePlay] = useState<GooglePlayStatus>('idle')

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (state.popupOpen && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!state.popupOpen && dialog.open) {
      dialog.close()
    }
  }, [state.popupOpen])

  if (state.status !== 'initialised') return null

  const onClose = () => {
    referral.close()
    if (googlePlay !== 'busy') setGooglePlay('idle')
    const opener = openerRef.current
    openerRef.current = null
    if (opener?.isConnected && opener !== document.body) opener.focus()
  }

  const redeemAtGooglePlay = async () => {
    if (googlePlay === 'busy') return
    setGooglePlay('busy')
    const outcome = await redeemer.redeemAtGooglePlay()
    setGooglePlay(outcome.ok || outcome.reason === 'inactive' ? 'idle' : outcome.reason)
  }

  // Read on each render: the popup re-renders every second, and the code arrives through redeemAtGooglePlay.
  const code = state.popupOpen ? referral.getCode() : undefined
  const totalSeconds = Math.round(((state.endsAt ?? 0) - (state.startedAt ?? 0)) / 1000) || FREE_WEEK_DURATION_MS / 1000
  const message = GOOGLE_PLAY_MESSAGES[googlePlay]

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      onKeyDown={trapTab}
      className="m-auto w-[min(92vw,26rem)] overflow-hidden rounded-[2rem] border border-line bg-surface p-0 text-ink shadow-2xl shadow-brand-700/25 backdrop:bg-black/70"
    >
      <div className="relative px-6 pb-7 pt-9 text-center tablet:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(75%_45%_at_50%_0%,rgb(124_58_237/0.32),transparent),radial-gradient(45%_35%_at_100%_0%,rgb(236_72_153/0.18),transparent)]"
        />
        <button
          type="button"
          className="absolute right-4 top-4 z-10 grid h-10 w-10 place-items-center rounded-full border border-line bg-surface/80 text-muted transition-colors hover:text-ink"
          aria-label="Close"
          onClick={() => dialogRef.current?.close()}
        >
          <CloseIcon className="h-5 w-5" />
        </button>
        <div className="relative">
          <CountdownRing secondsLeft={state.secondsLeft} totalSeconds={totalSeconds} className="mx-auto" />
          <h2 id={titleId} className="text-balance mt-6 text-2xl font-extrabold tracking-tight text-ink">
            Free Week of {BRAND.name}!
          </h2>
          <p id={bodyId} className="mt-2 leading-relaxed text-muted">
            Unlock a full week of {BRAND.name} access for free!
          </p>
          <div className="mt-7 grid gap-3">
            <button type="button" className={storeButton} onClick={() => redeemer.redeemAtAppStore()}>
              <AppleIcon className="h-6 w-6" />
              Redeem at App Store
            </button>
            <button
              type="button"
              className={storeButton}
              aria-disabled={googlePlay === 'busy' || undefined}
              aria-describedby={message ? `${bodyId}-google-play` : undefined}
              onClick={() => void redeemAtGooglePlay()}
            >
              <PlayStoreIcon className="h-5 w-5" />
              Redeem at Google Play
            </button>
          </div>
          <div role="status" className="mt-4 min-h-5 text-sm leading-relaxed">
            {googlePlay === 'busy' ? <p className="text-muted">Getting your Google Play code…</p> : null}
            {message ? (
              <p id={`${bodyId}-google-play`} className="text-amber-700 dark:text-amber-300">
                {message}
              </p>
            ) : null}
            {code && !message && googlePlay !== 'busy' ? (
              <p className="text-muted">
                Your Google Play code:{' '}
                <span className="select-all font-mono font-semibold tracking-wide text-ink">{code}</span>
              </p>
            ) : null}
          </div>
          <p className="mt-3 text-xs leading-relaxed text-subtle">
            Redeem on the phone where you use {BRAND.name}. The offer closes when the timer runs out.
          </p>
        </div>
      </div>
    </dialog>
  )
}
