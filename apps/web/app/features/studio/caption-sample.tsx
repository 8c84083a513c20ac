import type { CaptionStyle } from '@storyreel/contracts/studio'

const WORDS = ['Every', 'story', 'starts', 'here']

// The word-by-word sample lights each word in turn, as the rendered captions do; the keyframes live here
// because they belong to this one sample (React hoists and dedupes the <style> by its href).
const KARAOKE_CSS = `
@keyframes sr-karaoke-word {
  0%, 22% { color: #fde047; transform: translateY(-1px) scale(1.08); }
  25%, 100% { color: #ffffff; transform: none; }
}
.sr-karaoke-word { display: inline-block; animation: sr-karaoke-word 2.4s infinite; }
`

/** A tiny frame with the sample sentence captioned in one style. */
export function CaptionSample({ captionStyle }: { captionStyle: CaptionStyle }) {
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
        <span className="rounded bg-black/85 px-1.5 py-0.5 text-[11px] font-semibold text-white">
          {WORDS.join(' ')}
        </span>
      ) : (
        <>
          <style href="storyreel-karaoke-sample" precedence="default">
            {KARAOKE_CSS}
          </style>
          <span className="flex flex-wrap justify-center gap-x-1 text-center text-[12px] leading-tight font-extrabold text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.9)]">
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
