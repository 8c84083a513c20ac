import type { ReactElement } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

export const OG_WIDTH = 1200
export const OG_HEIGHT = 630

export type OgCard =
  | { kind: 'page'; title: string; tagline: string }
  | { kind: 'post'; title: string; category: string; readingMinutes: number }

type Style = Record<string, string | number>
type Child = OgNode | string
type OgNode = ReactElement<{ style: Style; children?: Child | Child[]; src?: string; width?: number; height?: number }, string>

/** Satori takes React-shaped elements; building them as plain objects keeps this script free of JSX. */
function h(type: string, style: Style, children?: Child | Child[], attributes: { src?: string; width?: number; height?: number } = {}): OgNode {
  return { type, key: null, props: { style, children, ...attributes } }
}

const COLORS = {
  canvas: '#07060d',
  ink: '#ffffff',
  muted: '#cbc5dc',
  pillText: '#f0e4ff',
} as const

/** Long post titles step down in size so the longest still fits in three lines. */
export function getTitleFontSize(title: string): number {
  if (title.length <= 32) return 84
  if (title.length <= 56) return 72
  if (title.length <= 76) return 62
  return 54
}

function glow(position: Style, size: number, color: string): OgNode {
  return h('div', {
    position: 'absolute',
    ...position,
    width: size,
    height: size,
    display: 'flex',
    backgroundImage: `radial-gradient(circle at center, ${color} 0%, rgba(7, 6, 13, 0) 70%)`,
  })
}

function postMeta(category: string, readingMinutes: number): OgNode {
  return h('div', { display: 'flex', alignItems: 'center', gap: 20, marginBottom: 32 }, [
    h(
      'div',
      {
        display: 'flex',
        padding: '10px 22px',
        borderRadius: 999,
        border: '1.5px solid rgba(216, 180, 254, 0.45)',
        backgroundColor: 'rgba(139, 92, 246, 0.18)',
        color: COLORS.pillText,
        fontSize: 24,
        fontWeight: 600,
      },
      category,
    ),
    h('div', { display: 'flex', color: COLORS.muted, fontSize: 24, fontWeight: 600 }, `${readingMinutes} min read`),
  ])
}

function header(logoSrc: string): OgNode {
  return h('div', { display: 'flex', alignItems: 'center', gap: 18 }, [
    h('img', { width: 60, height: 60 }, undefined, { src: logoSrc, width: 60, height: 60 }),
    h('div', { display: 'flex', fontSize: 34, fontWeight: 700, letterSpacing: -0.5 }, BRAND.name),
  ])
}

function headline(card: OgCard): OgNode {
  const titleSize = getTitleFontSize(card.title)
  return h('div', { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1 }, [
    ...(card.kind === 'post' ? [postMeta(card.category, card.readingMinutes)] : []),
    h(
      'div',
      {
        display: 'flex',
        maxWidth: 1040,
        fontSize: titleSize,
        fontWeight: 800,
        lineHeight: 1.08,
        letterSpacing: -titleSize * 0.025,
      },
      card.title,
    ),
    ...(card.kind === 'page'
      ? [h('div', { display: 'flex', maxWidth: 920, marginTop: 28, fontSize: 32, lineHeight: 1.35, color: COLORS.muted }, card.tagline)]
      : []),
  ])
}

function footer(): OgNode {
  const label: Style = { display: 'flex', fontSize: 24, fontWeight: 600, color: COLORS.muted }
  return h('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between' }, [
    h('div', { display: 'flex', alignItems: 'center', gap: 20 }, [
      h('div', {
        display: 'flex',
        width: 120,
        height: 6,
        borderRadius: 3,
        backgroundImage: 'linear-gradient(90deg, #8b5cf6, #d946ef 55%, #22d3ee)',
      }),
      h('div', label, BRAND.tagline),
    ]),
    h('div', label, BRAND.domain),
  ])
}

/** The 1200x630 social card: logo and name, the page or post title, and a tagline or the post's category. */
export function createOgCardElement(card: OgCard, logoSrc: string): OgNode {
  // Satori sizes boxes content-box, so the padding sits on an inner column rather than the fixed-size root.
  // The column is positioned too, or the absolutely positioned glows would paint over the text.
  return h(
    'div',
    {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      display: 'flex',
      position: 'relative',
      backgroundColor: COLORS.canvas,
      color: COLORS.ink,
      fontFamily: 'Inter',
    },
    [
      glow({ left: -260, top: -330 }, 860, 'rgba(124, 58, 237, 0.55)'),
      glow({ right: -280, top: -200 }, 760, 'rgba(192, 38, 211, 0.38)'),
      glow({ right: 60, bottom: -470 }, 820, 'rgba(34, 211, 238, 0.26)'),
      h('div', {
        position: 'absolute',
        left: 24,
        top: 24,
        width: OG_WIDTH - 48,
        height: OG_HEIGHT - 48,
        display: 'flex',
        borderRadius: 36,
        border: '1.5px solid rgba(255, 255, 255, 0.1)',
      }),
      h('div', { display: 'flex', position: 'relative', flexDirection: 'column', flexGrow: 1, padding: '64px 80px' }, [
        header(logoSrc),
        headline(card),
        footer(),
      ]),
    ],
  )
}
