import { PauseIcon, PlayIcon } from '#app/components/ui/site-icons.tsx'

import type { VoiceSample } from './voices.ts'

/**
 * Voices to listen to beside what we say about them: each line was spoken by the voice engine from the text
 * shown under it. Plain markup, so it can live in a static island: voice-sample-player.ts plays the clips
 * (one at a time), and nothing loads before a play button is pressed (preload none).
 */
export function VoiceSamples({ voices, compact = false }: { voices: readonly VoiceSample[]; compact?: boolean }) {
  return (
    <ul
      data-testid="voice-samples"
      className={`grid gap-2.5 ${compact ? '' : 'tablet:grid-cols-2 desktop:grid-cols-3'}`}
    >
      {voices.map((voice) => (
        <li
          key={voice.id}
          data-voice-sample={voice.id}
          className="group flex items-start gap-3.5 rounded-2xl border border-line bg-surface p-3.5 transition-colors data-[playing]:border-accent"
        >
          <button
            type="button"
            data-voice-play={`${voice.name}, ${voice.language}`}
            aria-label={`Play ${voice.name}, ${voice.language}`}
            className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-600 to-flare-500 text-white shadow-md shadow-brand-700/25 transition hover:brightness-110"
          >
            <PlayIcon className="ml-0.5 h-4 w-4 group-data-[playing]:hidden" />
            <PauseIcon className="hidden h-4 w-4 group-data-[playing]:block" />
          </button>
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-ink">{voice.name}</span>
              <span className="text-subtle">{`${voice.language} · ${Math.round(voice.seconds)} s`}</span>
            </p>
            <p className="mt-1 text-sm leading-relaxed text-muted" lang={voice.id.slice(0, 2)}>
              {`“${voice.text}”`}
            </p>
          </div>
          {/* The transcript is the quoted line beside the button, so the clip needs no caption track. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio src={voice.src} preload="none" />
        </li>
      ))}
    </ul>
  )
}
