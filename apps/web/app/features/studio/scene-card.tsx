import { useId, useState, type DragEvent, type Ref } from 'react'

import {
  OWN_WORDS_PROMPT,
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  isLibraryMedia,
  type AspectRatio,
  type ProjectMediaAsset,
  type ScenePreview,
} from '@storyreel/contracts/studio'

import { Spinner } from '#app/components/ui/form-field.tsx'

import { formatClock, formatSeconds } from './format.ts'
import type { PickerKind } from './media-picker.tsx'
import { SceneMediaSection } from './scene-media-section.tsx'
import { SceneStill } from './scene-still.tsx'
import { estimateNarrationSeconds, getNarrationWarning, type DraftScene, type SceneChanges } from './storyboard.ts'
import {
  AlertIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  DiceIcon,
  EyeIcon,
  GripIcon,
  PlusIcon,
  TrashIcon,
} from '#app/components/ui/icons.tsx'

export type ScenePreviewState =
  { status: 'loading' } | { status: 'ready'; preview: ScenePreview; stale: boolean } | { status: 'error' }

const ASPECT_CLASS: Record<AspectRatio, string> = {
  '9:16': 'aspect-[9/16] max-h-80',
  '16:9': 'aspect-video',
  '1:1': 'aspect-square max-h-72',
}

const textareaClass =
  'mt-1.5 block w-full resize-y rounded-xl border border-line bg-surface px-3.5 py-2.5 text-[15px] leading-relaxed text-ink placeholder:text-subtle focus:border-accent focus:outline-none aria-invalid:border-rose-400/70'

const iconButton =
  'grid h-9 w-9 place-items-center rounded-full border border-line text-muted transition-colors hover:border-accent hover:text-ink disabled:pointer-events-none disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-line aria-disabled:hover:text-muted'

export function SceneCard({
  scene,
  index,
  count,
  startsAt,
  voiceSpeed,
  wordsPerSecond,
  aspectRatio,
  thumbnail,
  preview,
  rerolling,
  mediaAsset,
  hostedImages = false,
  mediaError,
  onChange,
  onPickMedia,
  stock,
  onStock,
  stockNote,
  onMove,
  onRemove,
  onAddAfter,
  onReroll,
  onPreview,
  dragHandlers,
  dropTarget,
  showErrors,
  onVisualBlur,
  cardRef,
}: {
  scene: DraftScene
  index: number
  count: number
  startsAt: number
  voiceSpeed: number
  /** The chosen voice's words a second at speed 1, once the voice list has loaded. */
  wordsPerSecond?: number | undefined
  aspectRatio: AspectRatio
  /** The saved scene's still: its link (none before the first save), what it shows, and whether edits are pending. */
  thumbnail: { url: string | undefined; alt: string; updating: boolean }
  preview: ScenePreviewState | undefined
  rerolling: boolean
  /** The library asset the scene's media names, as the project (or the picker) knows it. */
  mediaAsset: ProjectMediaAsset | undefined
  /** Whether a hosted image engine pictures scenes here (public config). */
  hostedImages?: boolean
  /** The API's answer to the last save, when it was about this scene's media. */
  mediaError: string | undefined
  onChange: (changes: SceneChanges) => void
  /** Opens the library picker for this scene's photo or clip. */
  onPickMedia: (kind: PickerKind) => void
  /** Stock search for this scene: true when on, false when not turned on here; left out, not offered. */
  stock?: boolean
  onStock?: () => void
  /** Why "Stock for every scene" left this scene drawn. */
  stockNote?: string
  onMove: (by: -1 | 1) => void
  onRemove: () => void
  onAddAfter: () => void
  onReroll: () => void
  onPreview: () => void
  dragHandlers: {
    onDragStart: (event: DragEvent) => void
    onDragEnd: () => void
    onDragOver: (event: DragEvent) => void
    onDrop: (event: DragEvent) => void
  }
  dropTarget: boolean
  /** Problems show once the field was left or a render was asked for, never on a scene just added. */
  showErrors: boolean
  onVisualBlur: () => void
  /** The card, so the studio can move focus into it (after add, undo, or a blocked render). */
  cardRef: Ref<HTMLLIElement>
}) {
  const id = useId()
  const [draggable, setDraggable] = useState(false)
  const number = index + 1
  const warning = getNarrationWarning(scene, voiceSpeed, wordsPerSecond)
  const speech = estimateNarrationSeconds(scene.narration, voiceSpeed, wordsPerSecond)
  const saved = Boolean(scene.id)
  const visualMissing = scene.visual.trim() === ''
  const first = index === 0
  const last = index === count - 1
  // The offline writer's prompt for facts it cannot know: the user writes here before anything renders.
  const awaitsWords = OWN_WORDS_PROMPT.test(scene.narration)
  // A ready photo or clip is what the scene shows: redrawing the picture beneath it would change nothing seen.
  const showsOwnMedia = isLibraryMedia(scene.media) && mediaAsset?.status === 'ready'

  return (
    <li
      ref={cardRef}
      aria-label={`Scene ${number}`}
      draggable={draggable}
      onDragStart={dragHandlers.onDragStart}
      onDragEnd={() => {
        setDraggable(false)
        dragHandlers.onDragEnd()
      }}
      onDragOver={dragHandlers.onDragOver}
      onDrop={dragHandlers.onDrop}
      className={`group relative rounded-3xl border bg-surface/80 p-4 transition-colors tablet:p-5 ${
        dropTarget ? 'border-accent ring-2 ring-accent/40' : 'border-line'
      }`}
    >
      <div className="flex flex-wrap items-center gap-1.5 tablet:gap-2">
        <span
          className="-ml-1 grid h-9 w-7 cursor-grab place-items-center text-subtle hover:text-ink active:cursor-grabbing"
          title="Drag to reorder"
          aria-hidden="true"
          onPointerDown={() => setDraggable(true)}
          onPointerUp={() => setDraggable(false)}
        >
          <GripIcon className="h-5 w-5" />
        </span>
        <h3 className="text-base font-bold text-ink">Scene {number}</h3>
        <span className="rounded-full bg-raised px-2.5 py-0.5 text-xs tabular-nums text-muted">
          {formatClock(startsAt)}–{formatClock(startsAt + scene.duration)}
        </span>
        {/* aria-disabled, not disabled: a button that cannot act keeps focus (a scene moved to the end keeps
            it on its Move down button) and still says what it is. */}
        <div className="ml-auto flex items-center gap-1.5">
          <button
            type="button"
            className={iconButton}
            aria-disabled={first || undefined}
            onClick={() => {
              if (!first) onMove(-1)
            }}
            aria-label={`Move scene ${number} up`}
          >
            <ArrowUpIcon className="h-4 w-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-disabled={last || undefined}
            onClick={() => {
              if (!last) onMove(1)
            }}
            aria-label={`Move scene ${number} down`}
          >
            <ArrowDownIcon className="h-4 w-4" />
          </button>
          <button
            type="button"
            data-field="delete"
            className={`${iconButton} hover:border-rose-400 hover:text-rose-600 dark:hover:text-rose-400`}
            aria-disabled={count <= 1 || undefined}
            title={count <= 1 ? 'A storyboard keeps at least one scene' : undefined}
            onClick={() => {
              if (count > 1) onRemove()
            }}
            aria-label={`Delete scene ${number}`}
          >
            <TrashIcon className="h-4 w-4" />
          </button>
        </div>
      </div>

      {/* Phones: the picture beside the controls, the text below. Wider: the picture beside the text. */}
      <div className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-4">
        <div className="col-start-1 row-start-1 tablet:row-span-2">
          <SceneStill
            url={thumbnail.url}
            alt={`Scene ${number}: ${thumbnail.alt}`}
            aspectRatio={aspectRatio}
            updating={thumbnail.updating}
          />
        </div>
        <div className="col-span-2 row-start-2 space-y-4 tablet:col-span-1 tablet:col-start-2 tablet:row-start-1">
          <div>
            <label htmlFor={`${id}-narration`} className="text-sm font-medium text-ink">
              Narration
            </label>
            <textarea
              id={`${id}-narration`}
              data-field="narration"
              rows={3}
              maxLength={SCENE_NARRATION_MAX_CHARS}
              value={scene.narration}
              onChange={(event) => onChange({ narration: event.target.value })}
              aria-describedby={`${id}-estimate`}
              aria-invalid={awaitsWords ? true : undefined}
              placeholder="What the voice says in this scene"
              className={`${textareaClass}${awaitsWords ? ' border-amber-500 dark:border-amber-300/70' : ''}`}
            />
            <div id={`${id}-estimate`} className="mt-1.5 text-xs">
              {awaitsWords ? (
                <p className="flex items-start gap-2 text-amber-700 dark:text-amber-300">
                  <AlertIcon className="mt-px h-3.5 w-3.5 shrink-0" />
                  <span>Replace the bracketed prompt with your own words: the voice would read it aloud.</span>
                </p>
              ) : warning ? (
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-amber-700 dark:text-amber-300">
                  <AlertIcon className="h-3.5 w-3.5" />
                  <span>
                    The narration needs about {formatSeconds(warning.needed)} but the scene lasts{' '}
                    {formatSeconds(scene.duration)}.
                  </span>
                  {warning.needed <= SCENE_MAX_SECONDS ? (
                    <button
                      type="button"
                      className="font-semibold text-accent underline-offset-2 hover:underline"
                      onClick={() => onChange({ duration: Math.ceil(warning.needed * 2) / 2 })}
                    >
                      Fit the scene to the narration
                    </button>
                  ) : (
                    <span>Shorten the narration or split the scene.</span>
                  )}
                </p>
              ) : (
                <p className="text-subtle">
                  About {formatSeconds(Math.round(speech * 10) / 10)} of speech at {voiceSpeed.toFixed(2)}× ·{' '}
                  {scene.narration.length}/{SCENE_NARRATION_MAX_CHARS}
                </p>
              )}
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-visual`} className="text-sm font-medium text-ink">
              What we see
            </label>
            <textarea
              id={`${id}-visual`}
              data-field="visual"
              rows={2}
              maxLength={SCENE_VISUAL_MAX_CHARS}
              value={scene.visual}
              onChange={(event) => onChange({ visual: event.target.value })}
              onBlur={onVisualBlur}
              required
              aria-invalid={showErrors && visualMissing ? true : undefined}
              aria-describedby={showErrors && visualMissing ? `${id}-visual-problem` : undefined}
              placeholder="Describe the picture: subject, place, light, camera"
              className={textareaClass}
            />
            {showErrors && visualMissing ? (
              <p id={`${id}-visual-problem`} className="mt-1.5 text-xs text-rose-700 dark:text-rose-400">
                Describe what the scene shows.
              </p>
            ) : null}
          </div>
        </div>

        <div className="col-start-2 row-start-1 flex flex-col gap-3 tablet:row-start-2 tablet:flex-row tablet:flex-wrap tablet:items-end tablet:gap-x-2">
          <div>
            <label htmlFor={`${id}-duration`} className="text-sm font-medium text-ink">
              Duration (seconds)
            </label>
            <div className="mt-1.5 flex items-center gap-1.5">
              {/* Pointer helpers: the number field itself steps with the arrow keys, so these skip the Tab order. */}
              <button
                type="button"
                tabIndex={-1}
                className={iconButton}
                onClick={() => onChange({ duration: scene.duration - 0.5 })}
                disabled={scene.duration <= SCENE_MIN_SECONDS}
                aria-label={`Shorten scene ${number}`}
              >
                <span aria-hidden="true" className="text-lg leading-none">
                  −
                </span>
              </button>
              <input
                id={`${id}-duration`}
                type="number"
                inputMode="decimal"
                min={SCENE_MIN_SECONDS}
                max={SCENE_MAX_SECONDS}
                step={0.5}
                value={scene.duration}
                onChange={(event) => {
                  const value = Number(event.target.value)
                  if (event.target.value !== '' && Number.isFinite(value)) onChange({ duration: value })
                }}
                className="w-16 rounded-xl border border-line bg-surface px-2 py-2 text-center text-sm tabular-nums text-ink focus:border-accent focus:outline-none"
              />
              <button
                type="button"
                tabIndex={-1}
                className={iconButton}
                onClick={() => onChange({ duration: scene.duration + 0.5 })}
                disabled={scene.duration >= SCENE_MAX_SECONDS}
                aria-label={`Lengthen scene ${number}`}
              >
                <PlusIcon className="h-4 w-4" />
              </button>
            </div>
          </div>
          {showsOwnMedia ? null : (
            <button
              type="button"
              className="btn-secondary justify-start px-3.5 py-2 text-sm"
              onClick={onReroll}
              disabled={!saved || rerolling}
              title={saved ? 'Draw this scene again with a new seed' : 'Saving the new scene first…'}
            >
              {rerolling ? <Spinner /> : <DiceIcon className="h-4 w-4" />}
              {rerolling ? 'Re-rolling…' : 'Re-roll visual'}
            </button>
          )}
          <button
            type="button"
            className="btn-secondary justify-start px-3.5 py-2 text-sm"
            onClick={onPreview}
            disabled={!saved || awaitsWords || preview?.status === 'loading' || visualMissing}
            title={
              awaitsWords
                ? 'Write the narration in your own words first'
                : visualMissing
                  ? 'Describe what the scene shows first'
                  : saved
                    ? undefined
                    : 'Saving the new scene first…'
            }
            aria-label={`Preview scene ${number}`}
          >
            {preview?.status === 'loading' ? <Spinner /> : <EyeIcon className="h-4 w-4" />}
            {preview?.status === 'loading' ? 'Rendering…' : 'Preview'}
          </button>
        </div>
      </div>

      <SceneMediaSection
        number={number}
        media={scene.media}
        asset={mediaAsset}
        hostedImages={hostedImages}
        aspectRatio={aspectRatio}
        sceneSeconds={scene.duration}
        error={mediaError}
        onChange={(media) => onChange({ media })}
        onPick={onPickMedia}
        stock={stock}
        onStock={onStock}
        stockNote={stockNote}
      />

      {preview ? (
        <div className="mt-4" aria-live="polite">
          {preview.status === 'loading' ? (
            <div
              className={`${ASPECT_CLASS[aspectRatio]} mx-auto grid w-full max-w-md place-items-center rounded-2xl border border-dashed border-line bg-raised/60 text-center text-sm text-muted`}
            >
              <span className="flex flex-col items-center gap-2 p-4">
                <Spinner className="h-6 w-6 text-accent" />
                Rendering a preview of scene {number}. This takes a few seconds.
              </span>
            </div>
          ) : preview.status === 'error' ? (
            <p className="rounded-2xl border border-rose-400/40 bg-rose-400/5 p-3 text-sm text-muted">
              The preview could not be made. Try again in a moment.
            </p>
          ) : (
            <figure className="mx-auto max-w-md">
              {/* A scene preview is a draft of the picture and voice; captions come with the full render. */}
              {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
              <video
                key={preview.preview.video_url}
                controls
                playsInline
                src={preview.preview.video_url}
                poster={preview.preview.poster_url}
                aria-label={`Preview of scene ${number}`}
                className={`${ASPECT_CLASS[aspectRatio]} mx-auto w-full rounded-2xl bg-black object-contain`}
              />
              <figcaption className="mt-1.5 text-center text-xs text-subtle">
                {preview.stale
                  ? 'You changed this scene since this preview. Preview again to see the change.'
                  : `Preview · ${formatSeconds(preview.preview.duration_seconds)} with voice`}
              </figcaption>
            </figure>
          )}
        </div>
      ) : null}

      <div className="pointer-events-none absolute inset-x-0 -bottom-4 z-10 flex justify-center">
        <button
          type="button"
          onClick={onAddAfter}
          aria-label={`Add a scene after scene ${number}`}
          className="pointer-events-auto inline-flex items-center gap-1 rounded-full border border-line bg-canvas px-3 py-1 text-xs font-semibold text-muted shadow-sm transition-colors hover:border-accent hover:text-accent focus-visible:text-accent"
        >
          <PlusIcon className="h-3.5 w-3.5" /> Add scene
        </button>
      </div>
    </li>
  )
}
