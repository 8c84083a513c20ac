import { BRAND } from '@storyreel/contracts/brand'

import { BillingFaq } from '#app/features/pricing/billing-faq.tsx'
import { PlanCards } from '#app/features/pricing/plan-cards.tsx'
import { PLAN_LIMITS_SENTENCE } from '#app/features/pricing/plans.ts'

/**
 * The pricing page's static sections (the page keeps them as static islands): the plans, and the billing
 * questions. This module loads only when the page is rendered in the browser after a client-side navigation.
 */

export function PricingPlans() {
  return (
    <>
      <header className="mx-auto max-w-3xl px-5 pb-12 pt-16 text-center tablet:px-8 tablet:pt-24">
        <p className="eyebrow">Pricing</p>
        <h1 className="text-balance mt-6 text-4xl font-extrabold leading-[1.08] tracking-tight text-ink tablet:text-6xl">
          Start free. Go <span className="text-gradient">Premium</span> when it’s ready to ship.
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted">
          Both plans get the whole studio: every style, voice and music track, captions, your brand kit and templates,
          every format and no watermark. The difference is how much you render and keep, and Premium adds your own font.{' '}
          {PLAN_LIMITS_SENTENCE}
        </p>
      </header>

      <section aria-labelledby="plans-title" className="mx-auto max-w-7xl px-5 pb-20 tablet:px-8">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <PlanCards />
        <p className="mt-6 text-center text-sm text-muted">
          Prices in US dollars. Your store shows the price in your local currency; taxes may apply.
        </p>
      </section>
    </>
  )
}

export function PricingFaq() {
  return (
    <section aria-labelledby="billing-faq-title" className="mx-auto max-w-4xl px-5 pb-24 tablet:px-8">
      <h2
        id="billing-faq-title"
        className="text-balance text-3xl font-extrabold tracking-tight text-ink tablet:text-4xl"
      >
        Billing questions
      </h2>
      <p className="mt-3 text-muted">
        Still unsure? Write to{' '}
        <a
          href={`mailto:${BRAND.supportEmail}?subject=${encodeURIComponent(`${BRAND.name} billing question`)}`}
          className="font-medium text-accent underline underline-offset-4"
        >
          {BRAND.supportEmail}
        </a>{' '}
        and we’ll sort it out.
      </p>
      <div className="mt-8">
        <BillingFaq />
      </div>
    </section>
  )
}
