import { OG_HEIGHT, OG_LOGO_SIZE, OG_PADDING, OG_WIDTH } from './og-card.ts'

/**
 * The part every social card shares, as plain SVG: near-black canvas, three soft glows, a hairline frame
 * and the logo mark. Drawn here rather than through Satori, whose CSS gradients and images come out as
 * masked patterns that take resvg several times longer to rasterise.
 */
const CANVAS = '#07060d'

const GLOWS = [
  { id: 'og-glow-violet', cx: 170, cy: 100, r: 430, color: '#7c3aed', opacity: 0.55 },
  { id: 'og-glow-fuchsia', cx: 1100, cy: 180, r: 380, color: '#c026d3', opacity: 0.38 },
  { id: 'og-glow-cyan', cx: 730, cy: 690, r: 410, color: '#22d3ee', opacity: 0.26 },
] as const

const FRAME = { inset: 24, radius: 36, width: 1.5, opacity: 0.1 } as const

/** The logo SVG becomes a nested <svg> placed where the card's header leaves room for it. */
function placeLogo(logoSvg: string): string {
  const opening = /<svg\b/.exec(logoSvg)
  if (!opening) throw new Error('logo is not an SVG document')
  const { x, y } = OG_PADDING
  return `<svg x="${x}" y="${y}" width="${OG_LOGO_SIZE}" height="${OG_LOGO_SIZE}"${logoSvg.slice(opening.index + 4)}`
}

export function createOgBackdropSvg(logoSvg: string): string {
  const gradients = GLOWS.map(
    (glow) =>
      `<radialGradient id="${glow.id}"><stop offset="0" stop-color="${glow.color}" stop-opacity="${glow.opacity}"/>` +
      `<stop offset="1" stop-color="${glow.color}" stop-opacity="0"/></radialGradient>`,
  )
  const circles = GLOWS.map((glow) => `<circle cx="${glow.cx}" cy="${glow.cy}" r="${glow.r}" fill="url(#${glow.id})"/>`)
  const edge = FRAME.inset + FRAME.width / 2
  return [
    `<defs>${gradients.join('')}</defs>`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${CANVAS}"/>`,
    ...circles,
    `<rect x="${edge}" y="${edge}" width="${OG_WIDTH - 2 * edge}" height="${OG_HEIGHT - 2 * edge}" rx="${FRAME.radius}" ` +
      `fill="none" stroke="#fff" stroke-opacity="${FRAME.opacity}" stroke-width="${FRAME.width}"/>`,
    placeLogo(logoSvg.trim()),
  ].join('')
}

/** Inserts `backdrop` as the first child of the SVG document `svg`, so everything else paints over it. */
export function layerUnder(svg: string, backdrop: string): string {
  const opening = /^\s*<svg\b[^>]*>/.exec(svg)
  if (!opening) throw new Error('expected an SVG document')
  return `${opening[0]}${backdrop}${svg.slice(opening[0].length)}`
}
