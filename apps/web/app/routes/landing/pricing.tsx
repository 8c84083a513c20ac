import { lazy } from 'react'
import { serverOnly$ } from 'vite-env-only/macros'

import { BRAND } from '@storyreel/contracts/brand'

import { StaticIsland } from '#app/components/static-island.tsx'
import { FreeWeekOffer } from '#app/features/pricing/free-week-offer.tsx'
import { FREE_PLAN, PAID_PLANS, PLAN_CURRENCY, PLAN_LIMITS_SENTENCE } from '#app/features/pricing/plans.ts'
import { FreeWeekCta } from '#app/features/referral/free-week-cta.tsx'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'

import * as prerendered from './pricing-sections.tsx'

// The prerender draws the static sections directly; the browser keeps that HTML (StaticIsland) and loads
// their code only to draw them after a client-side navigation.
const sections = serverOnly$(prerendered)
const PricingPlans =
  sections?.PricingPlans ??
  lazy(() => import('./pricing-sections.tsx').then((module) => ({ default: module.PricingPlans })))
const PricingFaq =
  sections?.PricingFaq ??
  lazy(() => import('./pricing-sections.tsx').then((module) => ({ default: module.PricingFaq })))

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
        description: `${BRAND.name} Premium raises the Free plan’s limits and adds your own brand font. ${PLAN_LIMITS_SENTENCE}`,
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
      <StaticIsland id="pricing-plans">
        <PricingPlans />
      </StaticIsland>

      <div className="mx-auto max-w-7xl px-5 pb-24 tablet:px-8">
        <FreeWeekOffer action={<FreeWeekCta />} />
      </div>

      <StaticIsland id="pricing-faq">
        <PricingFaq />
      </StaticIsland>
    </div>
  )
}
