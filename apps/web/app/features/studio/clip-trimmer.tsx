import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'

import type { ProjectMediaAsset, SceneClip } from '@storyreel/contracts/studio'

import { PauseIcon, PlayIcon } from '#app/components/ui/icons.tsx'

import { describeClipFit, getTrimmedSeconds, setTrimPoint } from './scene-media.ts'
import { FILMSTRIP_FRAMES, useFilmstrip } from './use-filmstrip.ts'

const formatTime = (seconds: number) => `${seconds.toFixed(1)} s`

/** Arrow keys move a handle a tenth of a second; Shift or Page keys a whole second; Home and End to the limits. */
function getKeyStep(event: KeyboardEvent): number | 'min' | 'max' | undefined {
  const big = event.shiftKey ? 1 : 0.1
  switch (event.key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return -big
    case 'ArrowRight':
    case 'ArrowUp':
      return big
    case 'PageDown':
      return -1
    case 'PageUp':
      return 1
    case 'Home':
      return 'min'
    case 'End':
      return 'max'
    default:
      return undefined
  }
}

/**
 * A clip's trimming scrubber: its frames across the strip, the stretch the scene uses between an in and an
 * out handle (sliders: dragged, or moved with the keyboard), and a preview that plays just that stretch.
 */
export function ClipTrimmer({
  clip,
  asset,
  clipSeconds,
  sceneSeconds,
  onChange,
}: {
  clip: SceneClip
  asset: ProjectMediaAsset
  clipSeconds: number
  sceneSeconds: number
  onChange: (changes: Pick<SceneClip, 'trim_start' | 'trim_end'>) => void
}) {
  const stripRef = useRef<HTMLDivElement>(null)
  const [dragging, setDragging] = useState<'start' | 'end'>()
  const frames = useFilmstrip(asset.id, asset.url, clipSeconds)
  const start = clip.trim_start
  const end = clip.trim_end ?? clipSeconds
  const used = getTrimmedSeconds(clip, clipSeconds)
  const at = (seconds: number) => `${(Math.min(clipSeconds, Math.max(0, seconds)) / clipSeconds) * 100}%`

  const secondsAt = (event: PointerEvent) => {
    const box = stripRef.current?.getBoundingClientRect()
    if (!box || box.width === 0) return undefined
    return ((event.clientX - box.left) / box.width) * clipSeconds
  }
  const move = (point: 'start' | 'end', seconds: number) => {
    const next = setTrimPoint(clip, point, seconds, clipSeconds)
    if (next.trim_start !== clip.trim_start || next.trim_end !== clip.trim_end) onChange(next)
  }

  const handle = (point: 'start' | 'end') => {
    const value = point === 'start' ? start : end
    const min = point === 'start' ? 0 : start
    const max = point === 'start' ? end : clipSeconds
    return (
      <span
        role="slider"
        tabIndex={0}
        aria-label={point === 'start' ? 'In point' : 'Out point'}
        aria-valuemin={Math.round(min * 10) / 10}
        aria-valuemax={Math.round(max * 10) / 10}
        aria-valuenow={Math.round(value * 10) / 10}
        aria-valuetext={formatTime(value)}
        aria-orientation="horizontal"
        onKeyDown={(event) => {
          const step = getKeyStep(event)
          if (step === undefined) return
          event.preventDefault()
          move(point, step === 'min' ? 0 : step === 'max' ? clipSeconds : value + step)
        }}
        onPointerDown={(event) => {
          event.stopPropagation()
          event.currentTarget.setPointerCapture(event.pointerId)
          setDragging(point)
        }}
        onPointerMove={(event) => {
          const seconds = dragging === point ? secondsAt(event) : undefined
          if (seconds !== undefined) move(point, seconds)
        }}
        onPointerUp={() => setDragging(undefined)}
        onPointerCancel={() => setDragging(undefined)}
        className={`absolute top-0 bottom-0 z-10 grid w-4 cursor-ew-resize touch-none place-items-center bg-accent text-accent-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ink ${
          point === 'start' ? '-translate-x-full rounded-l-lg' : 'rounded-r-lg'
        }`}
        style={{ left: at(value) }}
      >
        <span aria-hidden="true" className="h-5 w-0.5 rounded bg-current" />
      </span>
    )
  }

  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-ink">Trim</span>
        <span className="text-xs tabular-nums text-muted">
          {formatTime(start)} – {formatTime(end)} · {formatTime(used)} of {formatTime(clipSeconds)}
        </span>
      </div>
      <TrimPreview key={asset.id} asset={asset} start={start} end={end} />
      <div className="px-4">
        <div
          ref={stripRef}
          className="relative mt-2 h-14 touch-none rounded-lg bg-black select-none"
          onPointerDown={(event) => {
            // A press on the strip moves the nearer handle there.
            const seconds = secondsAt(event)
            if (seconds === undefined) return
            move(Math.abs(seconds - start) <= Math.abs(seconds - end) ? 'start' : 'end', seconds)
          }}
        >
          <div className="absolute inset-0 flex overflow-hidden rounded-lg" aria-hidden="true">
            {Array.from({ length: FILMSTRIP_FRAMES }, (_, index) => {
              const src = frames[index] ?? asset.thumbnail_url
              return src ? (
                <img
                  key={index}
                  src={src}
                  alt=""
                  draggable={false}
                  className={`h-full min-w-0 flex-1 object-cover ${frames[index] ? '' : 'opacity-60'}`}
                />
              ) : (
                <span key={index} className="h-full flex-1 border-r border-white/10" />
              )
            })}
          </div>
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-0 rounded-l-lg bg-black/65"
            style={{ width: at(start) }}
          />
          <span
            aria-hidden="true"
            className="absolute inset-y-0 right-0 rounded-r-lg bg-black/65"
            style={{ left: at(end) }}
          />
          <span
            aria-hidden="true"
            className="absolute inset-y-0 border-y-[3px] border-accent"
            style={{ left: at(start), width: `${(used / clipSeconds) * 100}%` }}
          />
          {handle('start')}
          {handle('end')}
        </div>
      </div>
      <p className="mt-2 text-xs text-muted" aria-live="polite">
        {describeClipFit(clip, clipSeconds, sceneSeconds)}
      </p>
    </div>
  )
}

/** Plays the trimmed stretch, from the in point to the out point, in a small player that opens on demand. */
function TrimPreview({ asset, start, end }: { asset: ProjectMediaAsset; start: number; end: number }) {
  const ref = useRef<HTMLVideoElement>(null)
  const [open, setOpen] = useState(false)
  const [playing, setPlaying] = useState(false)
  const bounds = useRef({ start, end })
  useEffect(() => {
    bounds.current = { start, end }
  }, [start, end])
  useEffect(() => {
    const video = ref.current
    if (!open || !video) return
    video.currentTime = bounds.current.start
    void video.play().catch(() => setPlaying(false))
  }, [open])
  if (!asset.url) return null
  return (
    <div className="mt-2">
      {open ? (
        // The user's own footage comes with no captions to offer.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          ref={ref}
          src={asset.url}
          poster={asset.thumbnail_url ?? undefined}
          playsInline
          className="mx-auto max-h-48 rounded-lg bg-black"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(event) => {
            if (event.currentTarget.currentTime >= bounds.current.end) {
              event.currentTarget.pause()
              event.currentTarget.currentTime = bounds.current.start
            }
          }}
        />
      ) : null}
      <button
        type="button"
        className="mt-1 inline-flex items-center gap-1.5 text-xs font-semibold text-accent underline-offset-2 hover:underline"
        aria-pressed={playing}
        onClick={() => {
          const video = ref.current
          if (!open || !video) return setOpen(true)
          if (playing) return video.pause()
          if (video.currentTime < bounds.current.start || video.currentTime >= bounds.current.end)
            video.currentTime = bounds.current.start
          void video.play().catch(() => setPlaying(false))
        }}
      >
        {playing ? <PauseIcon className="h-3.5 w-3.5" /> : <PlayIcon className="h-3.5 w-3.5" />}
        {playing ? 'Pause' : 'Play the trimmed stretch'}
      </button>
    </div>
  )
}
