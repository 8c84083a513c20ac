import { PlayIcon } from '#app/components/ui/site-icons.tsx'

import type { SampleVideo } from './videos.ts'

const RATIO_LABELS: Record<SampleVideo['ratio'], string> = {
  '9:16': '9:16 vertical',
  '16:9': '16:9 widescreen',
  '1:1': '1:1 square',
}

/** A sample's length as a player shows it: 0:18. */
export function formatClipLength(seconds: number): string {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/**
 * One rendered sample, playable in place: muted until the viewer turns the sound on, never autoplaying, with
 * the captions as a text track. Nothing of the video loads before play (preload none), and its poster only
 * when it nears the viewport (lazy-posters.ts), unless `eager` (above the fold): then the poster is an <img> in the
 * play button, fetched at once at low priority.
 * Until it is first played the poster carries a play button and the video has no controls: the inline script
 * of sample-video-player.ts turns the controls on and plays it. Chromium builds its media controls' shadow
 * tree and style sheet for the first <video controls> on a page, about 50-80 ms of style on a cold load here
 * (decision 039), time a visitor who only reads the page should not pay.
 */
export function SampleVideoPlayer({
  video,
  eager = false,
  className = '',
}: {
  video: SampleVideo
  /** For a sample above the fold: its poster is set in the HTML and loads at once. */
  eager?: boolean
  className?: string
}) {
  const length = formatClipLength(video.seconds)
  return (
    <div
      data-sample-video
      className={`relative overflow-hidden rounded-2xl border border-line bg-[#0b0616] ${className}`}
      style={{ aspectRatio: `${video.width} / ${video.height}` }}
    >
      <video
        muted
        playsInline
        preload="none"
        data-poster={video.poster}
        width={video.width}
        height={video.height}
        aria-label={`${video.title}: sample video, ${video.seconds} seconds`}
        // The box clips what overflows it: the focus ring is drawn inside.
        className="h-full w-full object-cover focus-visible:outline-offset-[-4px]"
      >
        <source src={video.src} type="video/mp4" />
        <track kind="captions" src={video.captions} srcLang="en" label="English" />
      </video>
      <button
        type="button"
        data-sample-play
        aria-label={`Play “${video.title}”, ${length}, muted`}
        className="group/play absolute inset-0 grid cursor-pointer place-items-center focus-visible:outline-offset-[-4px] text-white"
      >
        {eager ? (
          // The poster of a sample above the fold, as a picture of its own at low priority: a <video poster> is
          // fetched at medium priority with the stylesheet, which delayed the page's largest paint (its text)
          // in Lighthouse's simulation. It goes with the button, when the video takes over.
          <img
            src={video.poster}
            alt=""
            width={video.width}
            height={video.height}
            fetchPriority="low"
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : null}
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-black/45 via-transparent to-transparent"
        />
        <span className="relative grid h-16 w-16 place-items-center rounded-full bg-black/60 shadow-lg ring-1 ring-white/40 transition group-hover/play:scale-105 group-hover/play:bg-black/75">
          <PlayIcon className="ml-1 h-7 w-7" />
        </span>
        <span
          aria-hidden="true"
          className="absolute bottom-3 right-3 rounded-full bg-black/65 px-2 py-0.5 text-xs font-semibold tabular-nums"
        >
          {length}
        </span>
      </button>
      {/* Without JavaScript the button does nothing: the poster opens the video in the browser's own player. */}
      <noscript>
        <a href={video.src} className="absolute inset-0" aria-label={`Watch “${video.title}”`} />
      </noscript>
    </div>
  )
}

/** Style, format, length, voice and track of a sample, as its caption, and who took the photos it shows. */
export function SampleVideoFacts({ video }: { video: SampleVideo }) {
  return (
    <>
      <p className="text-sm leading-relaxed text-muted">
        {/* One text node per line: React marks each boundary between adjacent texts in the HTML. */}
        {`${video.style} · ${RATIO_LABELS[video.ratio]} · ${Math.round(video.seconds)}\u00a0s`}
        <br />
        {`Voice: ${video.voice.name}, ${video.voice.language}${video.music ? ` · Music: “${video.music}”` : ''}`}
      </p>
      {video.credits ? <p className="mt-1 text-xs leading-relaxed text-subtle">{video.credits}</p> : null}
    </>
  )
}

export function SampleVideoCard({ video, eager = false }: { video: SampleVideo; eager?: boolean }) {
  return (
    <figure className="flex h-full flex-col gap-3">
      <SampleVideoPlayer video={video} eager={eager} />
      <figcaption>
        <p className="font-semibold leading-snug text-ink">{video.title}</p>
        <p className="text-sm text-subtle">{video.use}</p>
        <div className="mt-1">
          <SampleVideoFacts video={video} />
        </div>
      </figcaption>
    </figure>
  )
}
