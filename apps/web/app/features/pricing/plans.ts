/** Plans and prices shown on /pricing and in its Product JSON-LD. Prices are in US dollars. */

export const PLAN_CURRENCY = 'USD'

export type BillingPeriod = 'week' | 'month' | 'year'

export type PlanFeature = { label: string; kind: 'included' | 'limit' }

export type FreePlan = {
  id: 'free'
  name: string
  price: 0
  summary: string
  features: readonly PlanFeature[]
}

export type PaidPlan = {
  id: 'premium-weekly' | 'premium-monthly' | 'premium-yearly'
  name: string
  shortName: string
  price: number
  period: BillingPeriod
  isBestValue: boolean
}

/** Weeks in one billing period, on a 52-week year. */
const WEEKS_PER_PERIOD: Record<BillingPeriod, number> = {
  week: 1,
  month: 52 / 12,
  year: 52,
}

export const FREE_PLAN: FreePlan = {
  id: 'free',
  name: 'Free',
  price: 0,
  summary: 'Everything you need to turn an idea into a video and see it come together.',
  features: [
    { label: 'Create and preview videos', kind: 'included' },
    { label: 'Standard AI voices', kind: 'included' },
    { label: 'A starter selection of music', kind: 'included' },
    { label: 'Captions from your script', kind: 'included' },
    { label: 'All formats: 9:16, 1:1 and 16:9', kind: 'included' },
    { label: 'Watermark on exported videos', kind: 'limit' },
  ],
}

export const PAID_PLANS: readonly PaidPlan[] = [
  {
    id: 'premium-weekly',
    name: 'Premium Weekly',
    shortName: 'Weekly',
    price: 6.99,
    period: 'week',
    isBestValue: false,
  },
  {
    id: 'premium-monthly',
    name: 'Premium Monthly',
    shortName: 'Monthly',
    price: 14.99,
    period: 'month',
    isBestValue: false,
  },
  {
    id: 'premium-yearly',
    name: 'Premium Yearly',
    shortName: 'Yearly',
    price: 69.99,
    period: 'year',
    isBestValue: true,
  },
]

/** What every Premium billing option unlocks on top of Free. */
export const PREMIUM_FEATURES: readonly string[] = [
  'No watermark on your exports',
  'HD export',
  'The full voice library, including ultra-realistic voices in several languages',
  'The full music library, organized by mood and genre',
  'Anime video styles',
  'Priority generation',
]

const PERIOD_ADVERBS: Record<BillingPeriod, string> = { week: 'weekly', month: 'monthly', year: 'yearly' }

export function getPeriodAdverb(period: BillingPeriod): string {
  return PERIOD_ADVERBS[period]
}

function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100
}

/** The plan's price spread over one week, rounded to the cent. */
export function getWeeklyEquivalent(plan: Pick<PaidPlan, 'price' | 'period'>): number {
  return roundToCents(plan.price / WEEKS_PER_PERIOD[plan.period])
}

/** Whole percent saved per week against the weekly plan, rounded down so it is never overstated. */
export function getSavingsPercent(plan: Pick<PaidPlan, 'price' | 'period'>, weeklyPrice: number): number {
  const perWeek = plan.price / WEEKS_PER_PERIOD[plan.period]
  return Math.max(0, Math.floor((1 - perWeek / weeklyPrice) * 100))
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: PLAN_CURRENCY })
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: PLAN_CURRENCY,
  maximumFractionDigits: 0,
})

/** "$6.99", or "$0" for whole amounts. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? usdWhole.format(amount) : usd.format(amount)
}
