import type { ManifestIcon } from './web-manifest.ts'

/**
 * How an icon is drawn from public/favicon.svg: `mark` as it is (rounded square, transparent corners),
 * or `full-bleed` on the brand gradient edge to edge with the glyph scaled, for platforms that crop or
 * round the icon themselves (iOS home screen, Android adaptive icons).
 */
export type IconSource = { kind: 'mark' } | { kind: 'full-bleed'; glyphScale: number }

export type AppIcon = {
  /** Path inside build/client */
  file: string
  size: number
  source: IconSource
  /** Listed in site.webmanifest, and with which purpose */
  manifestPurpose?: 'any' | 'maskable'
}

/** Maskable icons keep their content inside the centre circle of 40% radius; the glyph at 0.8 sits well within. */
const MASKABLE_GLYPH_SCALE = 0.8

export const APP_ICONS: readonly AppIcon[] = [
  { file: 'icons/favicon-32.png', size: 32, source: { kind: 'mark' } },
  { file: 'icons/apple-touch-icon.png', size: 180, source: { kind: 'full-bleed', glyphScale: 1 } },
  { file: 'icons/icon-192.png', size: 192, source: { kind: 'mark' }, manifestPurpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, source: { kind: 'mark' }, manifestPurpose: 'any' },
  {
    file: 'icons/icon-maskable-512.png',
    size: 512,
    source: { kind: 'full-bleed', glyphScale: MASKABLE_GLYPH_SCALE },
    manifestPurpose: 'maskable',
  },
]

export function getManifestIcons(icons: readonly AppIcon[]): ManifestIcon[] {
  return icons.flatMap((icon) =>
    icon.manifestPurpose
      ? [
          {
            src: `/${icon.file}`,
            sizes: `${icon.size}x${icon.size}`,
            type: 'image/png' as const,
            purpose: icon.manifestPurpose,
          },
        ]
      : [],
  )
}

function requireMatch(svg: string, pattern: RegExp, what: string): RegExpExecArray {
  const match = pattern.exec(svg)
  if (!match) throw new Error(`favicon.svg: ${what} not found; the icon builder expects it (see public/favicon.svg)`)
  return match
}

/**
 * Redraws the favicon edge to edge: its background fill becomes a square without rounded corners and the
 * `<g id="glyph">` group (which must not contain nested groups) is scaled about the centre.
 */
export function createFullBleedIconSvg(faviconSvg: string, glyphScale: number): string {
  if (!(glyphScale > 0 && glyphScale <= 1)) throw new RangeError(`glyphScale must be in (0, 1], got ${glyphScale}`)
  const viewBox = requireMatch(faviconSvg, /viewBox="([^"]+)"/, 'viewBox')[1] ?? ''
  const [minX = 0, minY = 0, width = 0, height = 0] = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  const defs = requireMatch(faviconSvg, /<defs>[\s\S]*?<\/defs>/, '<defs>')[0]
  const fill = requireMatch(faviconSvg, /<rect\b[^>]*\bfill="([^"]+)"/, 'background <rect fill>')[1] ?? ''
  const glyph = requireMatch(faviconSvg, /<g id="glyph">[\s\S]*?<\/g>/, '<g id="glyph">')[0]
  const cx = minX + width / 2
  const cy = minY + height / 2
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">`,
    defs,
    `<rect x="${minX}" y="${minY}" width="${width}" height="${height}" fill="${fill}"/>`,
    `<g transform="translate(${cx} ${cy}) scale(${glyphScale}) translate(${-cx} ${-cy})">${glyph}</g>`,
    '</svg>',
  ].join('')
}

export function getIconSvg(faviconSvg: string, source: IconSource): string {
  return source.kind === 'mark' ? faviconSvg : createFullBleedIconSvg(faviconSvg, source.glyphScale)
}
