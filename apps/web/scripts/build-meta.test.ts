import { describe, expect, it } from 'vitest'

import { createBuildMeta, getBuildMetaFile } from './build-meta.ts'

const RULES = { '/old': { redirect: { to: '/new', statusCode: 301 as const } } }

describe('createBuildMeta', () => {
  it('names the build from latest.json and lists its rules and pages', () => {
    const meta = createBuildMeta('{"id":"abc-123","timestamp":1700000000000}', RULES, ['/', '/pricing'])
    expect(meta).toEqual({ id: 'abc-123', timestamp: 1700000000000, routeRules: RULES, prerendered: ['/', '/pricing'] })
    expect(getBuildMetaFile(meta.id)).toBe('builds/meta/abc-123.json')
  })

  it('fails the build when latest.json has no id', () => {
    expect(() => createBuildMeta('{"timestamp":1}', RULES, [])).toThrow(/no build id/)
  })

  it('refuses an id that is not safe as a file name', () => {
    expect(() => createBuildMeta('{"id":"../x","timestamp":1}', RULES, [])).toThrow(/not file-safe/)
  })
})
