import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { APP_ICONS, createFullBleedIconSvg, getIconSvg, getManifestIcons } from './app-icons.ts'

const FAVICON = readFileSync(path.join(import.meta.dirname, '../public/favicon.svg'), 'utf8')

describe('createFullBleedIconSvg', () => {
  it('fills the whole square with the favicon background and scales the glyph about the centre', () => {
    const svg = createFullBleedIconSvg(FAVICON, 0.8)
    expect(svg).toContain('<rect x="0" y="0" width="64" height="64" fill="url(#logo-bg)"/>')
    expect(svg).not.toContain('rx=')
    expect(svg).toContain('<linearGradient id="logo-bg"')
    expect(svg).toContain('<g transform="translate(32 32) scale(0.8) translate(-32 -32)"><g id="glyph">')
    expect(svg).toContain('<path d="M27 23.5v17l14-8.5z" fill="#fff"/>')
  })

  it('explains what is missing when the favicon lacks the glyph group', () => {
    expect(() => createFullBleedIconSvg(FAVICON.replace('id="glyph"', 'id="other"'), 0.8)).toThrow(
      '<g id="glyph"> not found',
    )
  })

  it('rejects a scale that would push the glyph out of the icon', () => {
    expect(() => createFullBleedIconSvg(FAVICON, 1.2)).toThrow(RangeError)
  })
})

describe('getIconSvg', () => {
  it('uses the favicon as it is for the plain mark', () => {
    expect(getIconSvg(FAVICON, { kind: 'mark' })).toBe(FAVICON)
  })
})

describe('getManifestIcons', () => {
  it('lists the 192 and 512 icons and the maskable one, not the favicon or the Apple icon', () => {
    expect(getManifestIcons(APP_ICONS)).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ])
  })
})
