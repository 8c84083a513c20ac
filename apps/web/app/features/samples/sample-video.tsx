import type { SampleVideo } from './videos.ts'

const RATIO_LABELS: Record<SampleVideo['ratio'], string> = {
  '9:16': '9:16 vertical',
  '16:9': '16:9 widescreen',
  '1:1': '1:1 square',
}

/**
 * One rendered sample, playable in place: controls, muted until the viewer turns the sound on, never
 * autoplaying, with the captions as a text track. Nothing of the video loads before play (preload none), and
 * its poster only when it nears the viewport (lazy-posters.ts), unless `eager` (above the fold).
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
  return (
    <div
      className={`overflow-hidden rounded-2xl border border-line bg-[#0b0616] ${className}`}
      style={{ aspectRatio: `${video.width} / ${video.height}` }}
    >
      <video
        controls
        muted
        playsInline
        preload="none"
        poster={eager ? video.poster : undefined}
        data-poster={video.poster}
        width={video.width}
        height={video.height}
        aria-label={`${video.title}: sample video, ${video.seconds} seconds`}
        className="h-full w-full object-cover"
      >
        <source src={video.src} type="video/mp4" />
        <track kind="captions" src={video.captions} srcLang="en" label="English" />
      </video>
    </div>
  )
}

/** Style, format, length, voice and track of a sample, as its caption. */
export function SampleVideoFacts({ video }: { video: SampleVideo }) {
  return (
    <p className="text-sm leading-relaxed text-muted">
      {video.style} · {RATIO_LABELS[video.ratio]} · {Math.round(video.seconds)} s<br />
      Voice: {video.voice.name}, {video.voice.language}
      {video.music ? <> · Music: “{video.music}”</> : null}
    </p>
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
