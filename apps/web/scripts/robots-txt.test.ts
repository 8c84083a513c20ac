import { describe, expect, it } from 'vitest'

import { createRobotsTxt } from './robots-txt.ts'

describe('createRobotsTxt', () => {
  it('allows everything but the app area and sign-in, and points to the sitemap', () => {
    expect(createRobotsTxt('https://example.test')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /app/',
        'Disallow: /auth/',
        '',
        'Sitemap: https://example.test/sitemap.xml',
        '',
      ].join('\n'),
    )
  })
})
