import { describe, expect, it } from 'vitest'

import { createWebManifest } from './web-manifest.ts'

describe('createWebManifest', () => {
  it('describes a standalone app starting at the home page in the dark theme colours', () => {
    const icons = [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' as const, purpose: 'any' as const },
    ]
    const manifest: unknown = JSON.parse(
      createWebManifest({ name: 'Reel App', shortName: 'Reel', description: 'Videos', icons }),
    )
    expect(manifest).toEqual({
      name: 'Reel App',
      short_name: 'Reel',
      description: 'Videos',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#07060d',
      background_color: '#07060d',
      icons,
    })
  })
})
