import { describe, expect, it } from 'vitest'

import { getRouteRule, normalizeRulePath } from './route-rule-match.ts'
import { RouteRulesSchema } from './route-rules.ts'

describe('route rules', () => {
  const rules = RouteRulesSchema.parse({
    '/step-by-step-guide': { redirect: { to: '/blog/guide' } },
    '/blog/A Title: With Spaces': { redirect: { to: '/blog/a-title', statusCode: 301 } },
    '/out': { redirect: { to: 'https://example.com/', statusCode: 302 } },
  })

  it('defaults the status to 301', () => {
    expect(getRouteRule(rules, '/step-by-step-guide')?.redirect.statusCode).toBe(301)
  })

  it('matches encoded paths and trailing slashes', () => {
    expect(getRouteRule(rules, '/blog/A%20Title%3A%20With%20Spaces')?.redirect.to).toBe('/blog/a-title')
    expect(getRouteRule(rules, '/step-by-step-guide/')?.redirect.to).toBe('/blog/guide')
    expect(normalizeRulePath('/')).toBe('/')
    expect(normalizeRulePath('/%E0%A4%A')).toBe('/%E0%A4%A')
  })

  it('rejects targets that are neither internal paths nor https URLs', () => {
    expect(RouteRulesSchema.safeParse({ '/x': { redirect: { to: 'javascript:alert(1)' } } }).success).toBe(false)
    expect(RouteRulesSchema.safeParse({ x: { redirect: { to: '/y' } } }).success).toBe(false)
    expect(RouteRulesSchema.safeParse({ '/x': { redirect: { to: '/y', statusCode: 200 } } }).success).toBe(false)
  })
})
