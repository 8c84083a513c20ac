import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { parseRouteRules, RouteRulesError } from './validate-route-rules.ts'

describe('parseRouteRules', () => {
  it('accepts the committed route-rules.json', () => {
    const text = readFileSync(path.join(import.meta.dirname, '../route-rules.json'), 'utf8')
    expect(Object.keys(parseRouteRules(text, 'route-rules.json')).length).toBeGreaterThan(0)
  })

  it('requires a status code, because the browser reads the file without defaults', () => {
    expect(parseRouteRules('{"/old": {"redirect": {"to": "/new", "statusCode": 301}}}', 'rules.json')).toEqual({
      '/old': { redirect: { to: '/new', statusCode: 301 } },
    })
    expect(() => parseRouteRules('{"/old": {"redirect": {"to": "/new"}}}', 'rules.json')).toThrow(/statusCode/)
  })

  it('names the file and the rule when a target is neither a path nor an https URL', () => {
    const parse = () => parseRouteRules('{"/old": {"redirect": {"to": "http://example.test"}}}', 'rules.json')
    expect(parse).toThrow(RouteRulesError)
    expect(parse).toThrow(
      /rules\.json has invalid route rules:\n {2}\/old > redirect > to: must be an internal path or an https URL/,
    )
  })

  it('reports a file that is not JSON', () => {
    expect(() => parseRouteRules('{', 'rules.json')).toThrow('rules.json is not valid JSON')
  })
})
