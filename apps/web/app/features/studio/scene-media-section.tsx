import { useId, useState, type ReactNode } from 'react'

import {
  CAMERA_MOVE_LABELS,
  CAMERA_MOVES,
  CLIP_FILL_LABELS,
  CLIP_FILLS,
  MEDIA_FIT_LABELS,
  MEDIA_FITS,
  type AspectRatio,
  type ProjectMediaAsset,
  type SceneClip,
  type SceneMedia,
  type ScenePhoto,
} from '@storyreel/contracts/studio'

import { AlertIcon, FilmIcon, ImageIcon, SearchIcon, SparkIcon } from '#app/components/ui/icons.tsx'

import { ClipTrimmer } from './clip-trimmer.tsx'
import { FocusPicker } from './focus-picker.tsx'
import { formatClock } from './format.ts'
import type { PickerKind } from './media-picker.tsx'
import { describeMediaProblem, mediaNoun } from './scene-media.ts'

const pillButton =
  'inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-sm font-medium text-ink transition-colors hover:border-accent hover:text-accent'
const linkButton = 'text-sm font-semibold text-accent underline-offset-2 hover:underline'
const choiceClass =
  'relative cursor-pointer rounded-full border border-line px-3 py-1 text-xs font-medium text-muted transition-colors hover:border-accent/60 has-checked:border-accent has-checked:bg-accent/10 has-checked:text-ink has-focus-visible:ring-2 has-focus-visible:ring-accent'

/**
 * What a scene shows, on its card: the drawn picture with buttons to use a photo or a clip instead, or the
 * chosen media's thumbnail and name with its options one click away (the card stays short), and plain words
 * when the media cannot be used (deleted, still being prepared, failed).
 */
export function SceneMediaSection({
  number,
  media,
  asset,
  hostedImages = false,
  aspectRatio,
  sceneSeconds,
  error,
  onChange,
  onPick,
  stock,
  onStock,
  stockNote,
}: {
  number: number
  media: SceneMedia | null
  /** The library asset the media names, as the project (or the picker) knows it. */
  asset: ProjectMediaAsset | undefined
  /**
   * A hosted image engine pictures the scenes that choose nothing (null) here: the card then offers it and the
   * built-in illustrator ('drawn') side by side.
   */
  hostedImages?: boolean
  aspectRatio: AspectRatio
  sceneSeconds: number
  /** The API's answer to the last save, when it was about this scene's media. */
  error: string | undefined
  onChange: (media: SceneMedia | null) => void
  onPick: (kind: PickerKind) => void
  /** Stock search here: true when on, false when an administrator has not turned it on; left out, not shown. */
  stock?: boolean
  onStock?: () => void
  /** Why "Stock for every scene" left this scene drawn. */
  stockNote?: string
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const errorId = `${id}-error`

  const drawnBack = (
    <button type="button" className={linkButton} onClick={() => onChange(null)}>
      {hostedImages ? 'Back to the generated picture' : 'Back to the drawn picture'}
    </button>
  )

  let summary: ReactNode
  let panel: ReactNode = null
  const pictured = !media || media.type === 'drawn' || (hostedImages && media.type === 'generated')
  if (pictured) {
    // With a hosted engine, no choice (null) is its picture, as before the choice existed.
    const drawn = media?.type === 'drawn' || !hostedImages
    summary = (
      <>
        {hostedImages ? (
          <fieldset className="mr-auto flex flex-wrap items-center gap-2">
            <legend className="float-left mr-1 text-sm font-medium text-ink">Picture:</legend>
            {(
              [
                ['generated', 'Generated', 'a picture generated from “What we see”'],
                ['drawn', 'Drawn', 'drawn by the built-in illustrator from “What we see”'],
              ] as const
            ).map(([value, label, description]) => (
              <label key={value} className={choiceClass} title={description}>
                <input
                  type="radio"
                  name={`${id}-picture`}
                  value={value}
                  checked={drawn === (value === 'drawn')}
                  onChange={() => onChange(value === 'drawn' ? { type: 'drawn' } : null)}
                  className="sr-only"
                />
                {label}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="mr-auto text-sm text-muted">
            <span className="font-medium text-ink">Picture:</span> drawn from “What we see”
          </p>
        )}
        <button
          type="button"
          data-field="media"
          className={pillButton}
          onClick={() => onPick('image')}
          aria-label={`Use a photo in scene ${number}`}
        >
          <ImageIcon className="h-4 w-4" /> Photo
        </button>
        <button
          type="button"
          className={pillButton}
          onClick={() => onPick('video')}
          aria-label={`Use a clip in scene ${number}`}
        >
          <FilmIcon className="h-4 w-4" /> Clip
        </button>
        {stock === undefined ? null : stock ? (
          <button
            type="button"
            className={pillButton}
            onClick={onStock}
            aria-label={`Find stock footage for scene ${number}`}
          >
            <SearchIcon className="h-4 w-4" /> Stock
          </button>
        ) : (
          <span
            className="inline-flex cursor-help items-center gap-1.5 rounded-full border border-dashed border-line px-3 py-1.5 text-sm text-subtle"
            title="Stock photos and footage are not turned on for this studio; an administrator can turn them on."
          >
            <SearchIcon className="h-4 w-4" /> Stock
            <span className="sr-only">
              : stock photos and footage are not turned on for this studio; an administrator can turn them on.
            </span>
          </span>
        )}
      </>
    )
  } else if (media.type === 'generated') {
    summary = (
      <>
        <p className="mr-auto flex items-center gap-2 text-sm text-ink">
          <SparkIcon className="h-4 w-4 text-accent" /> Chose a generated picture, which this studio does not make now:
          the scene is drawn
        </p>
        {drawnBack}
      </>
    )
  } else {
    const noun = mediaNoun(media)
    const problem = describeMediaProblem(media, asset)
    const known = asset && asset.status !== 'deleted' ? asset : undefined
    const Icon = media.type === 'clip' ? FilmIcon : ImageIcon
    summary = (
      <>
        <div className="mr-auto flex min-w-0 items-center gap-3">
          <span className="relative grid h-11 w-11 shrink-0 place-items-center overflow-hidden rounded-lg bg-raised text-subtle">
            {known?.thumbnail_url ? (
              <img src={known.thumbnail_url} alt="" className="h-full w-full object-cover" />
            ) : (
              <Icon className="h-5 w-5" />
            )}
          </span>
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-ink" title={known?.name}>
              {known ? known.name : `Deleted ${noun}`}
            </span>
            <span className="block text-xs text-muted">
              {media.type === 'clip' ? 'Clip' : 'Photo'}
              {known?.duration_seconds ? ` · ${formatClock(known.duration_seconds)}` : ''}
              {known && known.status === 'ready' ? ' · from your library' : ''}
            </span>
          </span>
        </div>
        {problem ? (
          <p
            className={`flex w-full items-start gap-2 text-xs ${problem.tone === 'warning' ? 'text-amber-700 dark:text-amber-300' : 'text-muted'}`}
          >
            <AlertIcon className="mt-px h-3.5 w-3.5 shrink-0" />
            {problem.text}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {known?.status === 'ready' ? (
            <button
              type="button"
              className={pillButton}
              aria-expanded={open}
              aria-controls={`${id}-options`}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide options' : `Adjust ${noun}`}
            </button>
          ) : null}
          <button
            type="button"
            data-field="media"
            className={linkButton}
            onClick={() => onPick(media.type === 'clip' ? 'video' : 'image')}
          >
            {problem?.tone === 'warning' ? `Choose another ${noun}` : `Change ${noun}`}
          </button>
          {drawnBack}
        </div>
      </>
    )
    if (open && known?.status === 'ready')
      panel = (
        <div id={`${id}-options`} className="mt-3 space-y-4 rounded-2xl border border-line bg-canvas/40 p-3 tablet:p-4">
          {media.type === 'clip' ? (
            <ClipOptions
              clip={media}
              asset={known}
              number={number}
              aspectRatio={aspectRatio}
              sceneSeconds={sceneSeconds}
              onChange={onChange}
            />
          ) : (
            <PhotoOptions photo={media} asset={known} number={number} aspectRatio={aspectRatio} onChange={onChange} />
          )}
        </div>
      )
  }

  return (
    <section aria-label={`Picture of scene ${number}`} className="mt-4 border-t border-line pt-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-2">{summary}</div>
      {stockNote ? (
        <p className="mt-2 text-xs text-muted" role="status">
          {stockNote}
        </p>
      ) : null}
      {panel}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 flex items-start gap-2 text-xs text-rose-700 dark:text-rose-400">
          <AlertIcon className="mt-px h-3.5 w-3.5 shrink-0" />
          {error}
        </p>
      ) : null}
    </section>
  )
}

function Choices<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: readonly T[]
  labels: Record<T, string>
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label key={option} className={choiceClass}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function PhotoOptions({
  photo,
  asset,
  number,
  aspectRatio,
  onChange,
}: {
  photo: ScenePhoto
  asset: ProjectMediaAsset
  number: number
  aspectRatio: AspectRatio
  onChange: (media: ScenePhoto) => void
}) {
  const id = useId()
  return (
    <>
      <FocusPicker
        src={asset.thumbnail_url ?? asset.url}
        size={asset.width && asset.height ? { width: asset.width, height: asset.height } : undefined}
        aspectRatio={aspectRatio}
        fit={photo.fit}
        focus={photo.focus}
        label={`scene ${number}'s photo`}
        onChange={(focus) => onChange({ ...photo, focus })}
      />
      <div className="grid gap-4 tablet:grid-cols-[minmax(0,1fr)_auto]">
        <Choices
          legend="Fit"
          name={`${id}-fit`}
          options={MEDIA_FITS}
          labels={MEDIA_FIT_LABELS}
          value={photo.fit}
          onChange={(fit) => onChange({ ...photo, fit })}
        />
        <div>
          <label htmlFor={`${id}-camera`} className="text-sm font-medium text-ink">
            Camera move
          </label>
          <select
            id={`${id}-camera`}
            value={photo.camera}
            onChange={(event) => {
              const camera = CAMERA_MOVES.find((move) => move === event.target.value)
              if (camera) onChange({ ...photo, camera })
            }}
            className="mt-1.5 block w-full rounded-xl border border-line bg-surface px-3 py-1.5 text-sm text-ink focus:border-accent focus:outline-none"
          >
            {CAMERA_MOVES.map((move) => (
              <option key={move} value={move}>
                {CAMERA_MOVE_LABELS[move]}
              </option>
            ))}
          </select>
          {photo.camera === 'auto' ? (
            <p className="mt-1 text-xs text-subtle">Varied from the scenes next to it.</p>
          ) : null}
        </div>
      </div>
    </>
  )
}

function ClipOptions({
  clip,
  asset,
  number,
  aspectRatio,
  sceneSeconds,
  onChange,
}: {
  clip: SceneClip
  asset: ProjectMediaAsset
  number: number
  aspectRatio: AspectRatio
  sceneSeconds: number
  onChange: (media: SceneClip) => void
}) {
  const id = useId()
  const clipSeconds = asset.duration_seconds
  return (
    <>
      {clipSeconds ? (
        <ClipTrimmer
          clip={clip}
          asset={asset}
          clipSeconds={clipSeconds}
          sceneSeconds={sceneSeconds}
          onChange={(trim) => onChange({ ...clip, ...trim })}
        />
      ) : (
        <p className="text-sm text-muted">This clip’s length is not known yet, so it cannot be trimmed.</p>
      )}
      <Choices
        legend="When the clip is shorter than the scene"
        name={`${id}-fill`}
        options={CLIP_FILLS}
        labels={CLIP_FILL_LABELS}
        value={clip.fill}
        onChange={(fill) => onChange({ ...clip, fill })}
      />
      <label className="flex cursor-pointer items-start gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          checked={clip.sound === 'mixed'}
          onChange={(event) => onChange({ ...clip, sound: event.target.checked ? 'mixed' : 'muted' })}
          className="mt-0.5 h-4 w-4 accent-[var(--accent)]"
        />
        <span>
          Mix the clip’s own sound under the voice
          <span className="block text-xs text-muted">
            Off: the clip plays silent. On: its sound dips whenever the voice speaks, like the music.
          </span>
        </span>
      </label>
      <Choices
        legend="Fit"
        name={`${id}-fit`}
        options={MEDIA_FITS}
        labels={MEDIA_FIT_LABELS}
        value={clip.fit}
        onChange={(fit) => onChange({ ...clip, fit })}
      />
      {clip.fit === 'fit' ? null : (
        <FocusPicker
          src={asset.thumbnail_url}
          size={asset.width && asset.height ? { width: asset.width, height: asset.height } : undefined}
          aspectRatio={aspectRatio}
          fit={clip.fit}
          focus={clip.focus}
          label={`scene ${number}'s clip`}
          centredWhenUnset
          onChange={(focus) => onChange({ ...clip, focus })}
        />
      )}
    </>
  )
}
