import type { CSSProperties } from 'react'

import type { CaptionStyle } from '@storyreel/contracts/studio'

const WORDS = ['Every', 'story', 'starts', 'here']

/**
 * The colours the rendered captions draw with (the engine's draw-captions.ts): a violet plate behind the spoken
 * word, a dark plate under the boxed style; a project using its brand colours has its accent and primary there.
 */
const DEFAULT_COLOURS = { highlight: '#7c3aed', plate: 'rgb(12 12 20 / 0.78)' } as const

// The word-by-word sample lights each word in turn, as the rendered captions do; the keyframes live here
// because they belong to this one sample (React hoists and dedupes the <style> by its href).
const KARAOKE_CSS = `
@keyframes sr-karaoke-word {
  0%, 22% { background-color: var(--sr-karaoke-highlight); }
  25%, 100% { background-color: transparent; }
}
.sr-karaoke-word { display: inline-block; border-radius: 3px; padding: 0 2px; animation: sr-karaoke-word 2.4s infinite; }
`

/**
 * A tiny frame with the sample sentence captioned in one style, in the brand's colours when the project uses them
 * (`colours`, as hex).
 */
export function CaptionSample({
  captionStyle,
  colours,
}: {
  captionStyle: CaptionStyle
  colours?: { primary: string; accent: string } | undefined
}) {
  const highlight = colours?.accent ?? DEFAULT_COLOURS.highlight
  return (
    <span
      aria-hidden="true"
      className="relative flex h-16 w-full items-end justify-center overflow-hidden rounded-lg text-center bg-gradient-to-br from-slate-700 via-slate-800 to-indigo-950 px-2 pb-2"
    >
      {captionStyle === 'classic' ? (
        <span className="text-[11px] font-medium text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.9)]">
          {WORDS.join(' ')}
        </span>
      ) : captionStyle === 'bold' ? (
        <span className="text-[12px] font-black uppercase tracking-wide text-yellow-300 [-webkit-text-stroke:0.6px_#000] [text-shadow:0_2px_0_#000]">
          {WORDS.join(' ')}
        </span>
      ) : captionStyle === 'boxed' ? (
        <span
          data-testid="caption-sample-plate"
          className="rounded px-1.5 py-0.5 text-[11px] font-semibold text-white"
          // The rendered plate takes a brand's primary a little more opaque than ours (CAPTION_PLATE_OPACITY).
          style={{ background: colours ? `${colours.primary}e0` : DEFAULT_COLOURS.plate }}
        >
          {WORDS.join(' ')}
        </span>
      ) : (
        <>
          <style href="storyreel-karaoke-sample" precedence="default">
            {KARAOKE_CSS}
          </style>
          <span
            // Chromium keeps the colour a running animation started with: a new colour starts it afresh.
            key={highlight}
            data-testid="caption-sample-highlight"
            className="flex flex-wrap justify-center text-center text-[12px] leading-tight font-extrabold text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.9)]"
            style={{ '--sr-karaoke-highlight': highlight } as CSSProperties}
          >
            {WORDS.map((word, index) => (
              <span key={word} className="sr-karaoke-word" style={{ animationDelay: `${index * 0.6}s` }}>
                {word}
              </span>
            ))}
          </span>
        </>
      )}
    </span>
  )
}
