import type { ConfigEnv } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

import viteConfig from '../vite.config.ts'

const BUILD: ConfigEnv = { command: 'build', mode: 'production' }

afterEach(() => {
  delete process.env.VITE_GTM_ID
})

describe('the web build configuration', () => {
  it('inlines the Tag Manager id the build is made with', () => {
    process.env.VITE_GTM_ID = 'GTM-AB12CD'
    const publicEnv = JSON.parse(String(viteConfig(BUILD).define?.__PUBLIC_ENV__)) as { gtmId: unknown }
    expect(publicEnv.gtmId).toBe('GTM-AB12CD')
  })

  it('stops the build on a malformed Tag Manager id, suggesting the corrected one', () => {
    process.env.VITE_GTM_ID = 'gtm-ab12cd'
    expect(() => viteConfig(BUILD)).toThrow(/VITE_GTM_ID: 'gtm-ab12cd' is not a Tag Manager container id.*'GTM-AB12CD'/)
  })
})
