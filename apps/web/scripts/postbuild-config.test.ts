import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { getPostbuildConfig } from './postbuild-config.ts'

describe('getPostbuildConfig', () => {
  it('defaults the public URL and derives the build paths from the web app folder', () => {
    expect(getPostbuildConfig({}, '/repo/apps/web')).toEqual({
      publicUrl: 'https://storyreel.app',
      webDir: '/repo/apps/web',
      buildDir: path.join('/repo/apps/web', 'build'),
      clientDir: path.join('/repo/apps/web', 'build', 'client'),
      routeRulesFile: path.join('/repo/apps/web', 'route-rules.json'),
      faviconFile: path.join('/repo/apps/web', 'public', 'favicon.svg'),
      gtmId: null,
    })
  })

  it('passes on the Tag Manager container the pages are built with', () => {
    expect(getPostbuildConfig({ VITE_GTM_ID: 'GTM-AB12CD' }, '/w').gtmId).toBe('GTM-AB12CD')
  })

  it('fails on a malformed container id, naming the corrected one', () => {
    expect(() => getPostbuildConfig({ VITE_GTM_ID: 'gtm-ab12cd' }, '/w')).toThrow(
      /VITE_GTM_ID: 'gtm-ab12cd' is not a Tag Manager container id.*Did you mean 'GTM-AB12CD'\?/,
    )
  })

  it('drops a trailing slash from VITE_PUBLIC_URL', () => {
    const config = getPostbuildConfig({ VITE_PUBLIC_URL: 'https://staging.example.test/' }, '/w')
    expect(config.publicUrl).toBe('https://staging.example.test')
  })

  it('fails with the variable name when the URL is invalid', () => {
    expect(() => getPostbuildConfig({ VITE_PUBLIC_URL: 'not a url' }, '/w')).toThrow(
      /Invalid web environment:\n {2}VITE_PUBLIC_URL:/,
    )
  })
})
