import { useId } from 'react'
import { Link } from 'react-router'

import type { ConsentChoice } from '#app/lib/analytics.ts'

/**
 * The first-visit question. Not modal: the page stays usable and nothing traps focus. It is sticky at the
 * bottom of the viewport and sits last in the document, so at the end of the page it rests below the
 * footer instead of covering it. Accept and Decline are equally easy; Choose opens the settings.
 */
export function ConsentBanner({
  onChoose,
  onOpenSettings,
}: {
  onChoose: (choice: ConsentChoice) => void
  onOpenSettings: () => void
}) {
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className="pointer-events-none sticky bottom-0 z-40 px-3 pb-3 tablet:px-5 tablet:pb-5"
    >
      <div className="pointer-events-auto mx-auto flex max-w-4xl flex-col gap-4 rounded-3xl border border-line bg-raised p-5 shadow-2xl shadow-black/50 tablet:flex-row tablet:items-center tablet:gap-6 tablet:p-6">
        <div className="flex flex-1 items-start gap-4">
          <span
            className="hidden h-10 w-10 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-brand-500 to-flare-500 text-white tablet:grid"
            aria-hidden="true"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M4 19V9m6 10V5m6 14v-7m4 7H3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <div>
            <h2 id={titleId} className="text-base font-semibold text-ink">
              Analytics, only if you say so
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-muted">
              With your consent we measure visits through Google Tag Manager to learn which pages help. Nothing loads
              until you choose, and what keeps the site working (your sign-in, display mode) is always on.{' '}
              <Link
                to="/privacy#privacy-policy"
                className="font-medium text-ink underline underline-offset-2 hover:text-accent"
              >
                Privacy Policy
              </Link>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn-primary grow px-5 py-2.5 text-sm tablet:grow-0"
            onClick={() => onChoose('granted')}
          >
            Accept all
          </button>
          <button
            type="button"
            className="btn-secondary grow px-5 py-2.5 text-sm tablet:grow-0"
            onClick={() => onChoose('denied')}
          >
            Decline
          </button>
          <button
            type="button"
            className="rounded-full px-4 py-2.5 text-sm font-semibold text-muted transition-colors hover:text-ink"
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
