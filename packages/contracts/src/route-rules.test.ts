import { describe, expect, it } from 'vitest'

import { getRouteRule, normalizeRulePath } from './route-rule-match.ts'
import { RouteRulesSchema } from './route-rules.ts'

describe('route rules', () => {
  const rules = RouteRulesSchema.parse({
    '/step-by-step-guide': { redirect: { to: '/blog/guide', statusCode: 301 } },
    '/blog/A Title: With Spaces': { redirect: { to: '/blog/a-title', statusCode: 301 } },
    '/out': { redirect: { to: 'https://example.com/', statusCode: 302 } },
  })

  it('requires a redirect status, so server and browser agree without defaults', () => {
    expect(getRouteRule(rules, '/step-by-step-guide')?.redirect.statusCode).toBe(301)
    expect(RouteRulesSchema.safeParse({ '/x': { redirect: { to: '/y' } } }).success).toBe(false)
  })

  it('matches encoded paths and trailing slashes', () => {
    expect(getRouteRule(rules, '/blog/A%20Title%3A%20With%20Spaces')?.redirect.to).toBe('/blog/a-title')
    expect(getRouteRule(rules, '/step-by-step-guide/')?.redirect.to).toBe('/blog/guide')
    expect(normalizeRulePath('/')).toBe('/')
    expect(normalizeRulePath('/%E0%A4%A')).toBe('/%E0%A4%A')
  })

  it('rejects targets that are neither internal paths nor https URLs', () => {
    const target = (to: string) => RouteRulesSchema.safeParse({ '/x': { redirect: { to, statusCode: 302 } } }).success
    expect(target('javascript:alert(1)')).toBe(false)
    expect(target('//evil.example/')).toBe(false)
    expect(target('/\\evil.example/')).toBe(false)
    expect(target('http://example.com/')).toBe(false)
    expect(target('/blog/ok#part')).toBe(true)
    expect(RouteRulesSchema.safeParse({ x: { redirect: { to: '/y', statusCode: 301 } } }).success).toBe(false)
    expect(RouteRulesSchema.safeParse({ '/x': { redirect: { to: '/y', statusCode: 200 } } }).success).toBe(false)
  })
})
