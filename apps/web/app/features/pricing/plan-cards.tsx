import { BrowserStartLink, StoreBadges } from '#app/components/store-badges.tsx'
import { CheckIcon } from '#app/components/ui/site-icons.tsx'

import {
  FREE_PLAN,
  formatUsd,
  getPeriodAdverb,
  getSavingsPercent,
  getWeeklyEquivalent,
  PAID_PLANS,
  PREMIUM_FEATURES,
  type PaidPlan,
  type PlanFeature,
} from './plans.ts'

const WEEKLY_PRICE = PAID_PLANS.find((plan) => plan.period === 'week')?.price

/** The Free card beside the Premium panel with its three billing options. */
export function PlanCards() {
  return (
    <div className="grid gap-6 desktop:grid-cols-[minmax(0,1fr)_minmax(0,1.9fr)] desktop:items-stretch">
      <FreePlanCard />
      <PremiumPanel />
    </div>
  )
}

function FreePlanCard() {
  return (
    <article aria-labelledby="plan-free-title" className="glass flex flex-col rounded-3xl p-7 tablet:p-8">
      <h3 id="plan-free-title" className="text-lg font-semibold text-ink">
        {FREE_PLAN.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-5xl font-extrabold tracking-tight text-ink">{formatUsd(FREE_PLAN.price)}</span>
        <span className="text-sm font-medium text-muted">forever</span>
      </p>
      <p className="mt-4 leading-relaxed text-muted">{FREE_PLAN.summary}</p>
      <ul className="mt-7 mb-8 space-y-3.5">
        {FREE_PLAN.features.map((feature) => (
          <FeatureItem key={feature.label} feature={feature} />
        ))}
      </ul>
      <div className="mt-auto border-t border-line pt-6">
        <p className="text-sm leading-relaxed text-muted">
          No card needed. The day&rsquo;s renders count from midnight UTC; a render that fails does not count.
        </p>
        <BrowserStartLink className="mt-5 w-full" />
      </div>
    </article>
  )
}

function FeatureItem({ feature }: { feature: PlanFeature }) {
  const isLimit = feature.kind === 'limit'
  return (
    <li className="flex gap-3 text-ink">
      <span
        aria-hidden="true"
        className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full ${
          isLimit ? 'border border-line text-muted' : 'bg-brand-500/15 text-accent'
        }`}
      >
        {isLimit ? <MinusIcon className="h-3 w-3" /> : <CheckIcon className="h-3.5 w-3.5" />}
      </span>
      <span className={isLimit ? 'text-muted' : ''}>{feature.label}</span>
    </li>
  )
}

function PremiumPanel() {
  return (
    <article
      aria-labelledby="plan-premium-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-500 via-flare-500 to-glow-400 p-px shadow-2xl shadow-brand-700/20"
    >
      <div className="relative h-full rounded-[calc(1.5rem-1px)] bg-surface p-7 tablet:p-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 rounded-[inherit] bg-[radial-gradient(70%_60%_at_100%_0%,rgb(139_92_246/0.18),transparent),radial-gradient(50%_50%_at_0%_100%,rgb(34_211_238/0.10),transparent)]"
        />
        <div className="relative">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="plan-premium-title" className="text-lg font-semibold text-ink">
              Premium
            </h3>
            <p className="text-sm font-medium text-muted">Everything in Free, plus:</p>
          </div>
          <ul className="mt-6 grid gap-x-8 gap-y-3.5 tablet:grid-cols-2">
            {PREMIUM_FEATURES.map((label) => (
              <li key={label} className="flex gap-3 text-ink">
                <span
                  aria-hidden="true"
                  className="mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-600 to-flare-500 text-white"
                >
                  <CheckIcon className="h-3.5 w-3.5" />
                </span>
                <span>{label}</span>
              </li>
            ))}
          </ul>
          <h4 className="mt-9 text-sm font-semibold uppercase tracking-wider text-muted">Choose how you’re billed</h4>
          <ul className="mt-4 grid gap-4 tablet:grid-cols-3">
            {PAID_PLANS.map((plan) => (
              <BillingOption key={plan.id} plan={plan} />
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-4 border-t border-line pt-7 desktop:flex-row desktop:items-center desktop:justify-between">
            <p className="max-w-sm text-sm leading-relaxed text-muted">
              Subscribe inside the app. Premium is billed and managed by the App Store or Google Play.
            </p>
            <StoreBadges className="shrink-0" />
          </div>
        </div>
      </div>
    </article>
  )
}

function BillingOption({ plan }: { plan: PaidPlan }) {
  const perWeek = getWeeklyEquivalent(plan)
  const savings = WEEKLY_PRICE === undefined ? 0 : getSavingsPercent(plan, WEEKLY_PRICE)
  return (
    <li
      className={`relative flex flex-col rounded-2xl border p-5 ${
        plan.isBestValue
          ? 'border-accent bg-raised shadow-lg shadow-brand-600/15 ring-1 ring-accent'
          : 'border-line bg-canvas/60'
      }`}
    >
      <p className="flex min-h-7 flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">{plan.shortName}</span>
        {plan.isBestValue ? (
          <span className="rounded-full bg-gradient-to-r from-brand-600 to-fuchsia-700 px-2.5 py-1 text-xs font-bold text-white">
            Best value
          </span>
        ) : null}
      </p>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-3xl font-extrabold tracking-tight text-ink">{formatUsd(plan.price)}</span>
        <span className="text-sm font-medium text-muted">per {plan.period}</span>
      </p>
      <p className="mt-2 text-sm text-muted">
        {plan.period === 'week' ? (
          'Billed every week'
        ) : (
          <>
            <span className="font-semibold text-ink">{formatUsd(perWeek)}</span> per week, billed{' '}
            {getPeriodAdverb(plan.period)}
          </>
        )}
      </p>
      <p className="mt-auto pt-3 text-sm font-semibold text-accent">
        {savings > 0 ? `Save ${savings}% vs. weekly` : 'Most flexible'}
      </p>
    </li>
  )
}

function MinusIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 12h12" />
    </svg>
  )
}
