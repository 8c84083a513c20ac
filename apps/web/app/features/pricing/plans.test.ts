import { describe, expect, it } from 'vitest'

import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import {
  FREE_PLAN,
  formatBrandKit,
  formatRendersPerDay,
  formatSavedTemplates,
  formatUsd,
  getSavingsPercent,
  getWeeklyEquivalent,
  PAID_PLANS,
  PLAN_LIMITS_SENTENCE,
  PREMIUM_FEATURES,
  PREMIUM_SUMMARY,
} from './plans.ts'

function getPlan(id: string) {
  const plan = PAID_PLANS.find((candidate) => candidate.id === id)
  if (!plan) throw new Error(`No plan ${id}`)
  return plan
}

describe('plans', () => {
  it('gives every paid plan a positive price in cents', () => {
    expect(PAID_PLANS.length).toBeGreaterThan(0)
    for (const plan of PAID_PLANS) {
      expect(Number.isFinite(plan.price)).toBe(true)
      expect(plan.price).toBeGreaterThan(0)
      expect(Math.round(plan.price * 100) / 100).toBe(plan.price)
    }
    expect(FREE_PLAN.price).toBe(0)
  })

  it('computes the per-week equivalent of each billing period', () => {
    expect(getWeeklyEquivalent(getPlan('premium-weekly'))).toBe(6.99)
    expect(getWeeklyEquivalent(getPlan('premium-monthly'))).toBe(3.46)
    expect(getWeeklyEquivalent(getPlan('premium-yearly'))).toBe(1.35)
  })

  it('marks only the yearly plan as best value, and it is the cheapest per week', () => {
    const bestValue = PAID_PLANS.filter((plan) => plan.isBestValue)
    expect(bestValue.map((plan) => plan.id)).toEqual(['premium-yearly'])
    const cheapest = Math.min(...PAID_PLANS.map((plan) => getWeeklyEquivalent(plan)))
    expect(getWeeklyEquivalent(getPlan('premium-yearly'))).toBe(cheapest)
  })

  it('rounds savings down against the weekly price', () => {
    const weekly = getPlan('premium-weekly').price
    expect(getSavingsPercent(getPlan('premium-weekly'), weekly)).toBe(0)
    expect(getSavingsPercent(getPlan('premium-monthly'), weekly)).toBe(50)
    expect(getSavingsPercent(getPlan('premium-yearly'), weekly)).toBe(80)
  })

  it('formats prices in US dollars', () => {
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(6.99)).toBe('$6.99')
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    const intlWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
    for (const amount of [0, 1, 6.99, 14.99, 69.99, 0.5, 1234.5, 1_000_000, 999.999, -3.25, 12]) {
      expect(formatUsd(amount)).toBe(Number.isInteger(amount) ? intlWhole.format(amount) : intl.format(amount))
    }
  })

  it('states the render limits the API enforces, and no watermark on Free', () => {
    const free = FREE_PLAN.features.map((feature) => feature.label)
    expect(free).toContain(`${PLAN_LIMITS.free.rendersPerDay} renders a day`)
    expect(free).toContain(`Videos at ${PLAN_LIMITS.free.maxResolution}`)
    expect(free.filter((label) => /watermark/i.test(label))).toEqual(['No watermark'])
    expect(PREMIUM_FEATURES).toEqual([
      `Videos at ${PLAN_LIMITS.paid.maxResolution}`,
      `Up to ${PLAN_LIMITS.paid.rendersPerDay} renders a day`,
      '50 GB for your own photos, clips and music, up to 2 GB a file',
      'Your clips up to 20 minutes',
      'Your own font in captions and cards',
      `${PLAN_LIMITS.paid.savedTemplates} templates of your own`,
    ])
    expect(free).toContain('1 GB for your own photos, clips and music, up to 200 MB a file')
    expect(free).toContain('Your clips up to 3 minutes')
    expect(PLAN_LIMITS_SENTENCE).toBe('Free: 3 renders a day at 720p. Premium: up to 50 a day at 1080p.')
    expect(formatRendersPerDay(1)).toBe('1 render a day')
  })

  it('gives Free the brand kit, its font only where the plan has one, and the templates of its own the API allows', () => {
    const free = FREE_PLAN.features.map((feature) => feature.label)
    expect(free).toContain(formatBrandKit(PLAN_LIMITS.free))
    expect(free.some((label) => /font/i.test(label))).toBe(PLAN_LIMITS.free.brandFont)
    expect(formatBrandKit({ brandFont: false })).toBe('Your brand kit: logo, colours, opening and closing cards')
    expect(free).toContain(`${PLAN_LIMITS.free.savedTemplates} templates of your own`)
    expect(formatBrandKit({ brandFont: true })).toBe('Your brand kit: logo, colours, font, opening and closing cards')
    expect(formatSavedTemplates(1)).toBe('1 template of your own')
  })

  it('sums up Premium in one clause with the same figures', () => {
    expect(PREMIUM_SUMMARY).toBe(
      `videos at ${PLAN_LIMITS.paid.maxResolution}, up to ${PLAN_LIMITS.paid.rendersPerDay} renders a day, 50 GB for your own media, your own font and ${PLAN_LIMITS.paid.savedTemplates} templates of your own`,
    )
  })
})
