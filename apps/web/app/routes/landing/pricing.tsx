import { BRAND } from '@storyreel/contracts/brand'

import { BillingFaq } from '#app/features/pricing/billing-faq.tsx'
import { FreeWeekOffer } from '#app/features/pricing/free-week-offer.tsx'
import { PlanCards } from '#app/features/pricing/plan-cards.tsx'
import { FREE_PLAN, PAID_PLANS, PLAN_CURRENCY, PLAN_LIMITS_SENTENCE } from '#app/features/pricing/plans.ts'
import { FreeWeekCta } from '#app/features/referral/free-week-cta.tsx'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'

const DESCRIPTION = `Every style, voice and track on both plans, no watermark. ${PLAN_LIMITS_SENTENCE} Premium is billed weekly, monthly or yearly.`

export function meta() {
  const url = absoluteUrl('/pricing')
  const offers = [FREE_PLAN, ...PAID_PLANS].map((plan) => ({
    '@type': 'Offer',
    name: `${BRAND.name} ${plan.name}`,
    price: plan.price.toFixed(2),
    priceCurrency: PLAN_CURRENCY,
    url,
    availability: 'https://schema.org/InStock',
  }))
  return buildMeta({
    title: pageTitle('Pricing: Free and Premium plans'),
    description: DESCRIPTION,
    path: '/pricing',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: `${BRAND.name} Premium`,
        brand: { '@type': 'Brand', name: BRAND.name },
        description: `${BRAND.name} Premium raises the Free plan’s render limits. ${PLAN_LIMITS_SENTENCE}`,
        offers,
      },
    ],
  })
}

export default function Pricing() {
  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(50%_60%_at_50%_0%,rgb(124_58_237/0.24),transparent),radial-gradient(30%_40%_at_85%_15%,rgb(236_72_153/0.12),transparent),radial-gradient(30%_40%_at_10%_25%,rgb(34_211_238/0.10),transparent)]"
      />
      <header className="mx-auto max-w-3xl px-5 pb-12 pt-16 text-center tablet:px-8 tablet:pt-24">
        <p className="eyebrow">Pricing</p>
        <h1 className="text-balance mt-6 text-4xl font-extrabold leading-[1.08] tracking-tight text-ink tablet:text-6xl">
          Start free. Go <span className="text-gradient">Premium</span> when it’s ready to ship.
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-muted">
          Both plans get the whole studio: every style, voice and music track, captions, every format and no watermark.
          The difference is how much you render. {PLAN_LIMITS_SENTENCE}
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

      <div className="mx-auto max-w-7xl px-5 pb-24 tablet:px-8">
        <FreeWeekOffer action={<FreeWeekCta />} />
      </div>

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
    </div>
  )
}
