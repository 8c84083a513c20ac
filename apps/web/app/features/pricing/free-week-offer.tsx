import type { ReactNode } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

import { StoreBadges } from '#app/components/store-badges.tsx'

import { PREMIUM_FEATURES, PREMIUM_SUMMARY } from './plans.ts'

const STEPS = [
  { title: 'Get the app', body: 'Install it free on iPhone, iPad or Android.' },
  {
    title: 'Redeem your offer code',
    body: 'Enter your Free Week code in the App Store or Google Play, the same way you redeem any offer code.',
  },
  { title: 'Render more, in 1080p', body: 'Premium’s render limits apply for seven full days.' },
] as const

/**
 * The Free Week promotion: a full week of Premium, redeemed as an App Store or Google Play offer code.
 * `action` is the route's way in to the referral popup (features never import each other).
 */
export function FreeWeekOffer({ action }: { action?: ReactNode }) {
  return (
    <section
      aria-labelledby="free-week-title"
      className="relative overflow-hidden rounded-[2rem] border border-line bg-surface p-7 tablet:p-10 desktop:p-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_80%_at_0%_0%,rgb(124_58_237/0.28),transparent),radial-gradient(50%_70%_at_100%_100%,rgb(236_72_153/0.2),transparent),radial-gradient(40%_50%_at_90%_10%,rgb(34_211_238/0.14),transparent)]"
      />
      <div className="relative grid items-center gap-10 desktop:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] desktop:gap-14">
        <div>
          <p className="eyebrow text-accent">Free Week</p>
          <h2
            id="free-week-title"
            className="text-balance mt-5 text-3xl font-extrabold tracking-tight text-ink tablet:text-5xl"
          >
            A full week of <span className="text-gradient">Premium, free</span>
          </h2>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
            Unlock a full week of {BRAND.name} Premium access for free: {PREMIUM_SUMMARY}. Make the videos you have been
            putting off, then decide.
          </p>
          <ol className="mt-8 grid gap-5 tablet:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3 tablet:flex-col">
                <span
                  aria-hidden="true"
                  className="grid h-9 w-9 shrink-0 place-items-center rounded-full border border-line bg-raised text-sm font-bold text-accent"
                >
                  {index + 1}
                </span>
                <span>
                  <span className="block font-semibold text-ink">{step.title}</span>
                  <span className="mt-1 block text-sm leading-relaxed text-muted">{step.body}</span>
                </span>
              </li>
            ))}
          </ol>
          {action ? <div className="mt-9">{action}</div> : null}
          <StoreBadges className={action ? 'mt-5' : 'mt-9'} />
        </div>
        <FreeWeekTicket />
      </div>
    </section>
  )
}

/** A decorative pass: the same facts as the copy beside it, so it is hidden from assistive tech. */
function FreeWeekTicket() {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-[19rem] tablet:max-w-sm">
      <div className="relative -rotate-2 rounded-3xl tablet:-rotate-3 bg-gradient-to-br from-brand-600 via-fuchsia-700 to-pink-700 p-7 text-white shadow-2xl shadow-brand-700/30">
        <div className="flex items-center justify-between text-xs font-bold uppercase tracking-[0.2em]">
          <span>{BRAND.name}</span>
          <span>Premium pass</span>
        </div>
        <div className="mt-8 flex items-end gap-3">
          <span className="text-8xl font-black leading-none tracking-tighter">7</span>
          <span className="pb-2 text-xl font-bold leading-tight">
            days
            <br />
            on us
          </span>
        </div>
        <div className="my-7 border-t-2 border-dashed border-white/50" />
        <ul className="grid gap-y-2 text-sm font-semibold">
          {PREMIUM_FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <svg viewBox="0 0 120 24" className="mt-7 h-6 w-full" focusable="false">
          <g fill="currentColor">
            {BARCODE.map(([x, w]) => (
              <rect key={x} x={x} y="0" width={w} height="24" />
            ))}
          </g>
        </svg>
      </div>
    </div>
  )
}

const BARCODE: ReadonlyArray<readonly [number, number]> = [
  [0, 2],
  [4, 1],
  [7, 3],
  [12, 1],
  [15, 2],
  [19, 1],
  [22, 4],
  [28, 1],
  [31, 2],
  [35, 1],
  [38, 3],
  [43, 1],
  [46, 2],
  [50, 1],
  [53, 4],
  [59, 1],
  [62, 2],
  [66, 3],
  [71, 1],
  [74, 2],
  [78, 1],
  [81, 3],
  [86, 1],
  [89, 2],
  [93, 4],
  [99, 1],
  [102, 2],
  [106, 1],
  [109, 3],
  [114, 1],
  [117, 3],
]
