import { describe, expect, it } from 'vitest'

import { FREE_PLAN, formatUsd, getSavingsPercent, getWeeklyEquivalent, PAID_PLANS } from './plans.ts'

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
  })
})
