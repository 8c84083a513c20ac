import type { ReactElement } from 'react'

import { BRAND } from '@storyreel/contracts/brand'

export const OG_WIDTH = 1200
export const OG_HEIGHT = 630

export type OgCard =
  | { kind: 'page'; title: string; tagline: string }
  | { kind: 'post'; title: string; category: string; readingMinutes: number }

type Style = Record<string, string | number>
type Child = OgNode | string
export type OgNode = ReactElement<{ style: Style; children?: Child | Child[] }, string>

/** Satori takes React-shaped elements; building them as plain objects keeps this script free of JSX. */
function h(type: string, style: Style, children?: Child | Child[]): OgNode {
  return { type, key: null, props: { style, children } }
}

const COLORS = {
  ink: '#ffffff',
  muted: '#cbc5dc',
  pillText: '#f0e4ff',
} as const

/** Where the text layer leaves room for the logo that og-backdrop.ts draws. */
export const OG_PADDING = { x: 80, y: 64 } as const
export const OG_LOGO_SIZE = 60

/** Long post titles step down in size so the longest still fits in three lines. */
export function getTitleFontSize(title: string): number {
  if (title.length <= 32) return 84
  if (title.length <= 56) return 72
  if (title.length <= 76) return 62
  return 54
}

function header(): OgNode {
  return h('div', { display: 'flex', alignItems: 'center', gap: 18 }, [
    h('div', { display: 'flex', width: OG_LOGO_SIZE, height: OG_LOGO_SIZE }),
    h('div', { display: 'flex', fontSize: 34, fontWeight: 700, letterSpacing: -0.5 }, BRAND.name),
  ])
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
      ? [
          h(
            'div',
            { display: 'flex', maxWidth: 920, marginTop: 28, fontSize: 32, lineHeight: 1.35, color: COLORS.muted },
            card.tagline,
          ),
        ]
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

/**
 * The text layer of a 1200x630 social card: name, the page or post title, a tagline or the post's category
 * and reading time, and the footer. It is transparent; og-backdrop.ts draws the canvas, glows and logo under it.
 */
export function createOgCardElement(card: OgCard): OgNode {
  // Satori sizes boxes content-box, so the padding sits on an inner column rather than on the fixed-size root.
  return h('div', { width: OG_WIDTH, height: OG_HEIGHT, display: 'flex', color: COLORS.ink, fontFamily: 'Inter' }, [
    h(
      'div',
      { display: 'flex', flexDirection: 'column', flexGrow: 1, padding: `${OG_PADDING.y}px ${OG_PADDING.x}px` },
      [header(), headline(card), footer()],
    ),
  ])
}
