import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { formatSize } from '#app/lib/format-size.ts'

/**
 * Plans and prices shown on /pricing and in its Product JSON-LD. Prices are in US dollars. The render limits
 * come from the contracts' PLAN_LIMITS, the figures the API enforces, so the page cannot promise other ones.
 */

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

const FREE_LIMITS = PLAN_LIMITS.free
const PREMIUM_LIMITS = PLAN_LIMITS.paid

/** "1 GB for your own media, up to 200 MB a file": the media library's limits of a plan. */
export function formatLibraryLimits(limits: { storageBytes: number; uploadBytes: number }): string {
  return `${formatSize(limits.storageBytes)} for your own photos, clips and music, up to ${formatSize(limits.uploadBytes)} a file`
}

/** "Clips up to 3 minutes". */
export const formatClipLimit = (seconds: number) => `Your clips up to ${Math.round(seconds / 60)} minutes`

/** "3 templates of your own", "1 template of your own": the account's saved templates, beside the built-in ones. */
export function formatSavedTemplates(count: number): string {
  return `${count} ${count === 1 ? 'template' : 'templates'} of your own`
}

/** The brand kit as a plan has it: every plan's logo, colours and cards, and the font where the plan allows one. */
export function formatBrandKit(limits: { brandFont: boolean }): string {
  return `Your brand kit: logo, colours, ${limits.brandFont ? 'font, ' : ''}opening and closing cards`
}

/** "3 renders a day", "1 render a day". */
export function formatRendersPerDay(count: number): string {
  return `${count} ${count === 1 ? 'render' : 'renders'} a day`
}

export const FREE_PLAN: FreePlan = {
  id: 'free',
  name: 'Free',
  price: 0,
  summary: 'The whole studio: write, storyboard, preview scenes and render finished videos.',
  features: [
    { label: 'Every style, voice and music track', kind: 'included' },
    { label: 'Storyboards and scene previews', kind: 'included' },
    { label: 'Your own photos, clips and music in any scene', kind: 'included' },
    { label: formatBrandKit(FREE_LIMITS), kind: 'included' },
    { label: 'Built-in templates for ads, promos, listings and more', kind: 'included' },
    { label: 'Free stock photos and clips, where the studio has them turned on', kind: 'included' },
    { label: 'Captions from your script', kind: 'included' },
    { label: 'All formats: 9:16, 1:1 and 16:9', kind: 'included' },
    { label: 'No watermark', kind: 'included' },
    { label: formatRendersPerDay(FREE_LIMITS.rendersPerDay), kind: 'limit' },
    { label: `Videos at ${FREE_LIMITS.maxResolution}`, kind: 'limit' },
    { label: formatLibraryLimits(FREE_LIMITS), kind: 'limit' },
    { label: formatClipLimit(FREE_LIMITS.clipSeconds), kind: 'limit' },
    { label: formatSavedTemplates(FREE_LIMITS.savedTemplates), kind: 'limit' },
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

/** What every Premium billing option adds to Free: the paid plan's limits, nothing the API does not grant. */
export const PREMIUM_FEATURES: readonly string[] = [
  `Videos at ${PREMIUM_LIMITS.maxResolution}`,
  `Up to ${formatRendersPerDay(PREMIUM_LIMITS.rendersPerDay)}`,
  formatLibraryLimits(PREMIUM_LIMITS),
  formatClipLimit(PREMIUM_LIMITS.clipSeconds),
  ...(PREMIUM_LIMITS.brandFont && !FREE_LIMITS.brandFont ? ['Your own font in captions and cards'] : []),
  formatSavedTemplates(PREMIUM_LIMITS.savedTemplates),
]

/** "a, b and c", without Intl.ListFormat for the same reason as formatUsd. */
function joinAnd(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

/** What Premium adds, as a clause to end a sentence: the same figures as PREMIUM_FEATURES, shorter. */
export const PREMIUM_SUMMARY = joinAnd([
  `videos at ${PREMIUM_LIMITS.maxResolution}`,
  `up to ${formatRendersPerDay(PREMIUM_LIMITS.rendersPerDay)}`,
  `${formatSize(PREMIUM_LIMITS.storageBytes)} for your own media`,
  ...(PREMIUM_LIMITS.brandFont && !FREE_LIMITS.brandFont ? ['your own font'] : []),
  formatSavedTemplates(PREMIUM_LIMITS.savedTemplates),
])

/** One sentence on both plans' limits, for the page's description and copy. */
export const PLAN_LIMITS_SENTENCE = `Free: ${formatRendersPerDay(FREE_LIMITS.rendersPerDay)} at ${FREE_LIMITS.maxResolution}. Premium: up to ${PREMIUM_LIMITS.rendersPerDay} a day at ${PREMIUM_LIMITS.maxResolution}.`

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

/** "$6.99", or "$0" for whole amounts. */
export function formatUsd(amount: number): string {
  // Written out rather than with Intl.NumberFormat: building one loads the browser's locale data, a 40 ms
  // task on a phone during the pricing page's start-up. The test holds it to Intl's own output.
  const [whole = '0', cents] = Math.abs(amount)
    .toFixed(Number.isInteger(amount) ? 0 : 2)
    .split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${amount < 0 ? '-' : ''}$${grouped}${cents ? `.${cents}` : ''}`
}
