import { describe, expect, it } from 'vitest'

import { createOgBackdropSvg, layerUnder } from './og-backdrop.ts'

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"/></svg>'

describe('createOgBackdropSvg', () => {
  it('paints the canvas first and places the logo where the card header leaves room', () => {
    const backdrop = createOgBackdropSvg(LOGO)
    expect(backdrop.indexOf('<rect width="1200" height="630" fill="#07060d"/>')).toBeLessThan(
      backdrop.indexOf('<circle'),
    )
    expect(backdrop).toContain(
      '<svg x="80" y="64" width="60" height="60" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    )
    expect(backdrop.match(/<radialGradient /g)).toHaveLength(3)
  })

  it('rejects a logo that is not SVG', () => {
    expect(() => createOgBackdropSvg('<png/>')).toThrow('logo is not an SVG document')
  })
})

describe('layerUnder', () => {
  it('inserts the backdrop as the first child of the document', () => {
    expect(layerUnder('<svg width="2" height="2"><path d="M0 0h1"/></svg>', '<rect/>')).toBe(
      '<svg width="2" height="2"><rect/><path d="M0 0h1"/></svg>',
    )
  })

  it('rejects text that is not an SVG document', () => {
    expect(() => layerUnder('<div></div>', '<rect/>')).toThrow('expected an SVG document')
  })
})
