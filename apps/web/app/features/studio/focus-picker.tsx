import { useId, useRef, useState, type PointerEvent } from 'react'

import type { AspectRatio, FocusPoint, MediaFit } from '@storyreel/contracts/studio'

import { CENTRE, getCoverCrop, moveFocus } from './scene-media.ts'

const percent = (value: number) => `${Math.round(value * 100)} %`

/**
 * The photo (or a clip's first frame) with its focus point: drag the marker or click where the scene should
 * centre, or move it with the arrow keys (Shift for fine steps). The frame the scene keeps shows around it.
 * A null focus is found automatically by the renderer, so no frame is drawn for it until the user sets one.
 */
export function FocusPicker({
  src,
  size,
  aspectRatio,
  fit,
  focus,
  label,
  centredWhenUnset = false,
  onChange,
}: {
  src: string | null
  /** The picture's pixels, when known: the box takes its shape. */
  size: { width: number; height: number } | undefined
  aspectRatio: AspectRatio
  fit: MediaFit
  focus: FocusPoint | null
  /** What the picture is, for the marker's name: "Scene 2's photo". */
  label: string
  /** A clip's unset focus is its middle; a photo's is found in the picture by the renderer. */
  centredWhenUnset?: boolean
  onChange: (focus: FocusPoint | null) => void
}) {
  const boxRef = useRef<HTMLDivElement>(null)
  const [natural, setNatural] = useState<{ width: number; height: number }>()
  const [dragging, setDragging] = useState(false)
  const hintId = useId()
  const shape = size ?? natural
  const ratio = shape && shape.height > 0 ? shape.width / shape.height : 4 / 3
  const point = focus ?? CENTRE
  const known = focus ?? (centredWhenUnset ? CENTRE : undefined)
  const crop = known && shape && fit !== 'fit' ? getCoverCrop(shape, aspectRatio, known) : undefined

  const pointAt = (event: PointerEvent) => {
    const box = boxRef.current?.getBoundingClientRect()
    if (!box || box.width === 0 || box.height === 0) return
    const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) })
  }

  return (
    <div>
      {/* The picture takes pointer drags; the marker inside it is the keyboard's way to the same thing. */}
      <div
        ref={boxRef}
        className="relative mx-auto touch-none overflow-hidden rounded-xl bg-black select-none"
        // As wide as the space allows, and never taller than 14rem: the width follows from both.
        style={{ aspectRatio: `${ratio}`, width: `min(100%, ${(14 * ratio).toFixed(2)}rem)` }}
        onPointerDown={(event) => {
          if (event.button !== 0) return
          event.currentTarget.setPointerCapture(event.pointerId)
          setDragging(true)
          pointAt(event)
        }}
        onPointerMove={(event) => {
          if (dragging) pointAt(event)
        }}
        onPointerUp={() => setDragging(false)}
        onPointerCancel={() => setDragging(false)}
      >
        {src ? (
          <img
            src={src}
            alt=""
            draggable={false}
            onLoad={(event) =>
              setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
            }
            className="pointer-events-none absolute inset-0 h-full w-full object-cover"
          />
        ) : null}
        {crop ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute rounded-sm outline-2 outline-white/90 shadow-[0_0_0_999px_rgba(0,0,0,0.5)]"
            style={{
              left: `${crop.left * 100}%`,
              top: `${crop.top * 100}%`,
              width: `${crop.width * 100}%`,
              height: `${crop.height * 100}%`,
            }}
          />
        ) : null}
        <button
          type="button"
          aria-label={`Focus point of ${label}`}
          aria-describedby={hintId}
          onKeyDown={(event) => {
            const next = moveFocus(focus, event.key, event.shiftKey)
            if (!next) return
            event.preventDefault()
            onChange(next)
          }}
          onPointerDown={(event) => event.preventDefault()}
          className={`absolute grid h-9 w-9 -translate-x-1/2 -translate-y-1/2 cursor-grab place-items-center rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.45)] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent active:cursor-grabbing ${
            focus ? 'bg-accent/70' : 'border-dashed bg-black/30'
          }`}
          style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
        >
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-white" />
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
        <p id={hintId} className="text-muted" aria-live="polite">
          {fit === 'fit'
            ? 'The whole picture shows, over a blurred copy of itself; the focus point matters only when it fills the frame.'
            : focus
              ? `Centred ${percent(focus.x)} from the left, ${percent(focus.y)} from the top. Drag, or use the arrow keys.`
              : centredWhenUnset
                ? 'Centred in the middle. Drag the marker, click, or use the arrow keys to move it.'
                : 'Found automatically in the picture. Drag the marker, click, or use the arrow keys to choose it yourself.'}
        </p>
        {focus ? (
          <button
            type="button"
            className="font-semibold text-accent underline-offset-2 hover:underline"
            onClick={() => onChange(null)}
          >
            {centredWhenUnset ? 'Back to the middle' : 'Reset to automatic'}
          </button>
        ) : null}
      </div>
    </div>
  )
}
