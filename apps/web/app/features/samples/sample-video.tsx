import type { SampleVideo } from './videos.ts'

const RATIO_LABELS: Record<SampleVideo['ratio'], string> = {
  '9:16': '9:16 vertical',
  '16:9': '16:9 widescreen',
  '1:1': '1:1 square',
}

/**
 * One rendered sample, playable in place: controls, muted until the viewer turns the sound on, never
 * autoplaying, with the captions as a text track. Nothing of the video loads before play (preload none);
 * its poster is a lazy image behind the player, which is transparent until the first frame, so pages with
 * several samples fetch only the posters in view, and the picture shows before and without JavaScript.
 */
export function SampleVideoPlayer({
  video,
  eager = false,
  className = '',
}: {
  video: SampleVideo
  /** For a sample above the fold: its poster loads at once. */
  eager?: boolean
  className?: string
}) {
  return (
    <div
      className={`relative isolate overflow-hidden rounded-2xl border border-line bg-[#0b0616] ${className}`}
      style={{ aspectRatio: `${video.width} / ${video.height}` }}
    >
      <img
        src={video.poster}
        alt=""
        width={video.width}
        height={video.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <video
        controls
        muted
        playsInline
        preload="none"
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
      Voice {video.voice.name} ({video.voice.language}){video.music ? <> · Music “{video.music}”</> : null}
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
