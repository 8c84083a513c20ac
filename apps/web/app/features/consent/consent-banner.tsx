import { useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'

import type { ConsentChoice } from '#app/lib/analytics.ts'

/** Set on <html> while the bar shows, so what else sits at the bottom of the screen can rise above it. */
export const CONSENT_BAR_HEIGHT_PROPERTY = '--consent-bar-height'

/**
 * The first-visit question, as a compact bar: a line or two of text and three buttons. Not modal: the page
 * stays usable and nothing traps focus. It is sticky at the bottom of the viewport and sits last in the
 * document, so at the end of the page it rests below the footer instead of covering it, and every form's
 * last control can be scrolled above it. Accept and Decline are equally easy; Choose opens the settings.
 */
export function ConsentBanner({
  onChoose,
  onOpenSettings,
}: {
  onChoose: (choice: ConsentChoice) => void
  onOpenSettings: () => void
}) {
  const titleId = useId()
  const barRef = useRef<HTMLElement>(null)
  useEffect(() => {
    const bar = barRef.current
    if (!bar) return
    const root = document.documentElement
    const publish = () => root.style.setProperty(CONSENT_BAR_HEIGHT_PROPERTY, `${bar.offsetHeight}px`)
    publish()
    // The text wraps differently as the window or the font size changes.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish)
    observer?.observe(bar)
    return () => {
      observer?.disconnect()
      root.style.removeProperty(CONSENT_BAR_HEIGHT_PROPERTY)
    }
  }, [])
  return (
    <section
      ref={barRef}
      aria-labelledby={titleId}
      className="pointer-events-none sticky bottom-0 z-40 px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] tablet:px-5 tablet:pb-4"
    >
      <div className="pointer-events-auto mx-auto flex max-w-5xl flex-col gap-2.5 rounded-2xl border border-line bg-raised px-4 py-3 shadow-2xl shadow-black/50 tablet:flex-row tablet:items-center tablet:gap-6 tablet:px-5">
        <div className="flex-1 text-[13px] leading-snug text-muted tablet:text-sm">
          <h2 id={titleId} className="inline font-semibold text-ink">
            Analytics, only if you say so
          </h2>
          .{' '}
          <p className="inline">
            We count visits with Google Tag Manager only once you agree.{' '}
            <Link
              to="/privacy#privacy-policy"
              className="font-medium text-ink underline underline-offset-2 hover:text-accent"
            >
              Privacy Policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <button
            type="button"
            className="btn-primary grow px-4 py-2 text-sm tablet:grow-0"
            onClick={() => onChoose('granted')}
          >
            Accept all
          </button>
          <button
            type="button"
            className="btn-secondary grow px-4 py-2 text-sm tablet:grow-0"
            onClick={() => onChoose('denied')}
          >
            Decline
          </button>
          <button
            type="button"
            className="rounded-full px-3 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink"
            aria-haspopup="dialog"
            onClick={onOpenSettings}
          >
            Choose
          </button>
        </div>
      </div>
    </section>
  )
}
