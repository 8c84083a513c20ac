import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'

import {
  ASPECT_RATIOS,
  CAPTION_STYLE_LABELS,
  CAPTION_STYLES,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  VIDEO_STYLE_LABELS,
  VIDEO_STYLES,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  type AspectRatio,
  type MusicTrack,
  type ProjectSettings,
  type Voice,
} from '@storyreel/contracts/studio'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { MicIcon, MusicNoteIcon, PauseIcon, PlayIcon } from '#app/components/ui/icons.tsx'

import { CaptionSample } from './caption-sample.tsx'
import { capitalize, formatClock } from './format.ts'
import { previewPlayer, usePreviewPlayer } from './preview-player.ts'
import { studioApi } from './studio-api.ts'
import { StyleSwatch } from './style-swatch.tsx'

export const STYLE_BLURBS: Record<ProjectSettings['style'], string> = {
  cinematic: 'Film light, wide lenses',
  anime: 'Bright skies, clean lines',
  // The offline engine draws; only a hosted image engine makes photographs, and the form says so.
  realistic: 'Illustrated offline; photos need a hosted image engine',
  '3d-cartoon': 'Soft, glossy, playful',
  watercolor: 'Bleeding colour, paper',
  comic: 'Ink, halftone, punch',
}

const ASPECT_LABELS: Record<AspectRatio, string> = {
  '9:16': 'Vertical · Reels, TikTok, Shorts',
  '16:9': 'Wide · YouTube',
  '1:1': 'Square · Feeds',
}

export const voicesQuery = { queryKey: ['studio', 'voices'], queryFn: () => studioApi.listVoices() } as const
export const musicQuery = { queryKey: ['studio', 'music', {}], queryFn: () => studioApi.listMusic() } as const

/**
 * A choice's native input, invisible and spread over its whole card: arrow keys and Space work natively, and
 * when focus moves to it the browser scrolls the whole card into view (clear of the sticky bars), not a 1 px box.
 */
export const HIDDEN_INPUT_CLASS =
  'absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed'

// Cards on hidden radio inputs: arrow keys move between them natively, and the ring follows keyboard focus.
const cardClass =
  'relative flex min-w-0 cursor-pointer rounded-2xl border border-line bg-surface/70 transition-colors hover:border-accent/60 has-checked:border-accent has-checked:bg-accent/10 has-focus-visible:ring-2 has-focus-visible:ring-accent has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-canvas has-disabled:cursor-not-allowed has-disabled:opacity-50'

export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-ink">{title}</legend>
      {hint ? <p className="mt-1 text-xs text-subtle">{hint}</p> : null}
      <div className="mt-3">{children}</div>
    </fieldset>
  )
}

export function AspectShape({ ratio, className = '' }: { ratio: AspectRatio; className?: string }) {
  const size = ratio === '9:16' ? 'h-7 w-4' : ratio === '16:9' ? 'h-4 w-7' : 'h-5.5 w-5.5'
  return (
    <span aria-hidden="true" className={`grid h-8 w-8 place-items-center ${className}`}>
      <span className={`${size} rounded-[3px] border-2 border-current`} />
    </span>
  )
}

export function StylePicker({
  value,
  onChange,
}: {
  value: ProjectSettings['style']
  onChange: (v: ProjectSettings['style']) => void
}) {
  return (
    <Section title="Style">
      <div className="grid grid-cols-2 gap-3 tablet:grid-cols-3">
        {VIDEO_STYLES.map((style) => (
          <label key={style} className={`${cardClass} flex-col overflow-hidden p-1.5`}>
            <input
              type="radio"
              name="style"
              value={style}
              checked={value === style}
              onChange={() => onChange(style)}
              className={HIDDEN_INPUT_CLASS}
            />
            <StyleSwatch style={style} className="aspect-[16/10] w-full rounded-xl" />
            <span className="px-1.5 pt-2 pb-1">
              <span className="block text-sm font-semibold text-ink">{VIDEO_STYLE_LABELS[style]}</span>
              <span className="block text-xs text-muted">{STYLE_BLURBS[style]}</span>
            </span>
          </label>
        ))}
      </div>
    </Section>
  )
}

export function FormatPicker({
  aspectRatio,
  targetSeconds,
  onChange,
}: {
  aspectRatio: AspectRatio
  targetSeconds: number
  onChange: (changes: Partial<ProjectSettings>) => void
}) {
  return (
    <>
      <Section title="Aspect ratio">
        <div className="grid grid-cols-3 gap-2">
          {ASPECT_RATIOS.map((ratio) => (
            <label key={ratio} className={`${cardClass} flex-col items-center gap-1 px-2 py-3 text-center`}>
              <input
                type="radio"
                name="aspect_ratio"
                value={ratio}
                checked={aspectRatio === ratio}
                onChange={() => onChange({ aspect_ratio: ratio })}
                className={HIDDEN_INPUT_CLASS}
              />
              <AspectShape ratio={ratio} className="text-accent" />
              <span className="text-sm font-semibold text-ink">{ratio}</span>
              <span className="text-[11px] leading-tight text-subtle">{ASPECT_LABELS[ratio]}</span>
            </label>
          ))}
        </div>
      </Section>
      <Section title="Length">
        <RangeField
          label="Target length"
          min={VIDEO_MIN_SECONDS}
          max={VIDEO_MAX_SECONDS}
          step={5}
          value={targetSeconds}
          display={`${targetSeconds} s`}
          onChange={(value) => onChange({ target_seconds: value })}
          marks={[`${VIDEO_MIN_SECONDS} s`, `${VIDEO_MAX_SECONDS} s`]}
        />
      </Section>
    </>
  )
}

export function RangeField({
  label,
  min,
  max,
  step,
  value,
  display,
  onChange,
  marks,
  disabled = false,
}: {
  label: string
  min: number
  max: number
  step: number
  value: number
  display: string
  onChange: (value: number) => void
  marks?: [string, string]
  /** Nothing to set (a music volume with no track): shown, but out of reach. */
  disabled?: boolean
}) {
  const percent = ((value - min) / (max - min)) * 100
  const id = useId()
  // The label names the slider itself: wrapped around both, it would name the <output>, the first
  // labelable element inside it, and leave the slider nameless for a screen reader.
  return (
    <div>
      <span className="flex items-baseline justify-between text-sm">
        <label htmlFor={id} className="text-muted">
          {label}
        </label>
        <output htmlFor={id} className="font-semibold tabular-nums text-ink">
          {display}
        </output>
      </span>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={display}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 h-2 w-full cursor-pointer appearance-none rounded-full accent-[var(--accent)] disabled:cursor-not-allowed disabled:opacity-40"
        style={{
          background: `linear-gradient(90deg, var(--accent) ${percent}%, var(--line) ${percent}%)`,
        }}
      />
      {marks ? (
        <span className="mt-1 flex justify-between text-[11px] text-subtle">
          <span>{marks[0]}</span>
          <span>{marks[1]}</span>
        </span>
      ) : null}
    </div>
  )
}

export function PreviewButton({
  id,
  url,
  label,
  onPlay,
}: {
  id: string
  url: string
  label: string
  /** Called as the preview starts: listening to an option chooses it. */
  onPlay?: () => void
}) {
  const preview = usePreviewPlayer()
  const active = preview.id === id
  const playing = active && preview.playing
  return (
    <button
      type="button"
      // Keyboard users play the chosen option with Space inside its list, so the list stays one Tab stop.
      tabIndex={onPlay ? -1 : undefined}
      onClick={() => {
        if (!playing) onPlay?.()
        previewPlayer.toggle(id, url)
      }}
      aria-label={`${playing ? 'Pause' : 'Play'} preview of ${label}`}
      aria-pressed={playing}
      className="relative grid h-10 w-10 shrink-0 place-items-center rounded-full border border-line bg-raised text-ink transition-colors hover:border-accent hover:text-accent"
    >
      {active && preview.loading ? (
        <Spinner />
      ) : playing ? (
        <PauseIcon className="h-4 w-4" />
      ) : (
        <PlayIcon className="h-4 w-4" />
      )}
      {active ? (
        <svg viewBox="0 0 40 40" className="pointer-events-none absolute inset-0 -rotate-90" aria-hidden="true">
          <circle
            cx="20"
            cy="20"
            r="18.5"
            fill="none"
            stroke="var(--accent)"
            strokeWidth="2"
            strokeDasharray={`${preview.progress * 116.2} 116.2`}
          />
        </svg>
      ) : null}
    </button>
  )
}

function ListState({
  label,
  isPending,
  isError,
  retry,
}: {
  label: string
  isPending: boolean
  isError: boolean
  retry: () => void
}) {
  if (isPending)
    return (
      <div className="space-y-2" aria-busy="true" aria-label={`Loading ${label}`}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-2xl bg-raised" />
        ))}
      </div>
    )
  if (isError)
    return (
      <p className="rounded-2xl border border-line p-4 text-sm text-muted">
        Could not load the {label}.{' '}
        <button type="button" className="font-semibold text-accent" onClick={retry}>
          Try again
        </button>
      </p>
    )
  return null
}

/** How many options a long list shows before "Show all": the page scrolls once, never inside a box. */
export const OPTIONS_SHOWN = 5

type Option = {
  value: string
  title: string
  meta?: string
  icon: ReactNode
  preview?: { id: string; url: string }
}

/**
 * A long list of choices as one radio group: one Tab stop, arrow keys move and choose, Space plays the chosen
 * option's sample, and a click on a play button plays and chooses. The first few options show, plus the
 * chosen one, until "Show all".
 */
function OptionList({
  name,
  noun,
  options,
  value,
  onChange,
}: {
  name: string
  /** Plural, for the "Show all" button and the keyboard hint. */
  noun: string
  options: Option[]
  value: string
  onChange: (value: string) => void
}) {
  const [expanded, setExpanded] = useState(false)
  const hintId = useId()
  const shown = expanded ? options : options.filter((option, index) => index < OPTIONS_SHOWN || option.value === value)
  const hidden = options.length - shown.length
  return (
    <div className="group">
      <ul className="grid grid-cols-1 gap-2">
        {shown.map((option) => (
          <li key={option.value} className={`${cardClass} items-center gap-3 p-2.5`}>
            <label className="relative flex min-w-0 flex-1 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={option.preview ? hintId : undefined}
                onKeyDown={(event) => {
                  // Space on a radio that is already chosen does nothing natively: here it plays the sample.
                  if (event.key !== ' ' || !option.preview || !event.currentTarget.checked) return
                  event.preventDefault()
                  previewPlayer.toggle(option.preview.id, option.preview.url)
                }}
                className={HIDDEN_INPUT_CLASS}
              />
              {option.icon}
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-ink">{option.title}</span>
                {option.meta ? <span className="block text-xs leading-snug text-muted">{option.meta}</span> : null}
              </span>
            </label>
            {option.preview ? (
              <PreviewButton
                id={option.preview.id}
                url={option.preview.url}
                label={option.title}
                onPlay={() => onChange(option.value)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p
          id={hintId}
          className="text-xs text-subtle opacity-0 transition-opacity group-has-[input:focus-visible]:opacity-100"
        >
          Arrow keys choose · Space plays a sample
        </p>
        {options.length > OPTIONS_SHOWN ? (
          <button
            type="button"
            className="text-sm font-semibold text-accent underline-offset-2 hover:underline"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? `Show fewer ${noun}` : `Show all ${options.length} ${noun}`}
            {expanded || hidden === 0 ? null : <span className="sr-only"> ({hidden} more)</span>}
          </button>
        ) : null}
      </div>
    </div>
  )
}

export function VoicePicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const voices = useQuery(voicesQuery)
  return (
    <Section title="Voice" hint="Every voice is synthesised; listen before you choose.">
      {voices.data ? (
        <OptionList
          name="voice_id"
          noun="voices"
          value={value}
          onChange={onChange}
          options={voices.data.voices.map((voice: Voice) => ({
            value: voice.id,
            title: voice.name,
            // The description names the engine, language and gender ("Flite · English (US) · male").
            meta: voice.description,
            icon: (
              <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-500/30 to-flare-500/20 text-accent">
                <MicIcon className="h-4 w-4" />
              </span>
            ),
            preview: { id: `voice:${voice.id}`, url: voice.preview_url },
          }))}
        />
      ) : (
        <ListState
          label="voices"
          isPending={voices.isPending}
          isError={voices.isError}
          retry={() => void voices.refetch()}
        />
      )}
    </Section>
  )
}

// The radio of "No music" carries an empty value; the setting itself is null.
const NO_MUSIC = ''

export function MusicPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const music = useQuery(musicQuery)
  return (
    <Section title="Music" hint="Every track is licensed for your videos.">
      {music.data ? (
        <OptionList
          name="music_id"
          noun="tracks"
          value={value ?? NO_MUSIC}
          onChange={(id) => onChange(id === NO_MUSIC ? null : id)}
          options={[
            {
              value: NO_MUSIC,
              title: 'No music',
              icon: (
                <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full border border-dashed border-line text-subtle">
                  <span className="block h-0.5 w-4 rotate-45 rounded bg-current" />
                </span>
              ),
            },
            ...music.data.tracks.map((track: MusicTrack) => ({
              value: track.id,
              title: track.title,
              meta: `${capitalize(track.mood)} · ${capitalize(track.genre)} · ${track.bpm} BPM · ${formatClock(track.duration_seconds)}`,
              icon: (
                <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-gradient-to-br from-glow-400/25 to-brand-500/25 text-accent">
                  <MusicNoteIcon className="h-4 w-4" />
                </span>
              ),
              preview: { id: `music:${track.id}`, url: track.audio_url },
            })),
          ]}
        />
      ) : (
        <ListState
          label="music"
          isPending={music.isPending}
          isError={music.isError}
          retry={() => void music.refetch()}
        />
      )}
    </Section>
  )
}

export function CaptionsPicker({
  value,
  onChange,
}: {
  value: ProjectSettings['captions']
  onChange: (captions: ProjectSettings['captions']) => void
}) {
  return (
    <Section title="Captions">
      <label className="relative flex cursor-pointer items-center justify-between gap-3 rounded-2xl border border-line bg-surface/70 px-4 py-3">
        <span className="text-sm text-ink">Burn captions into the video</span>
        <input
          type="checkbox"
          role="switch"
          checked={value.enabled}
          onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
          className={`peer ${HIDDEN_INPUT_CLASS}`}
        />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-canvas after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      <div className="mt-3 grid grid-cols-2 gap-2" role="radiogroup" aria-label="Caption style">
        {CAPTION_STYLES.map((style) => (
          <label key={style} className={`${cardClass} flex-col gap-1.5 p-1.5`}>
            <input
              type="radio"
              name="caption_style"
              value={style}
              checked={value.style === style}
              disabled={!value.enabled}
              onChange={() => onChange({ ...value, style })}
              className={HIDDEN_INPUT_CLASS}
            />
            <CaptionSample captionStyle={style} />
            <span className="px-1 pb-0.5 text-xs font-semibold text-ink">{CAPTION_STYLE_LABELS[style]}</span>
          </label>
        ))}
      </div>
    </Section>
  )
}

export function AudioMixControls({
  settings,
  onChange,
}: {
  settings: Pick<ProjectSettings, 'voice_speed' | 'voice_volume' | 'music_volume' | 'music_id'>
  onChange: (changes: Partial<ProjectSettings>) => void
}) {
  return (
    <Section title="Voice and music mix">
      <div className="space-y-4 rounded-2xl border border-line bg-surface/70 p-4">
        <RangeField
          label="Voice speed"
          min={VOICE_SPEED_MIN}
          max={VOICE_SPEED_MAX}
          step={0.05}
          value={settings.voice_speed}
          display={`${settings.voice_speed.toFixed(2)}×`}
          onChange={(value) => onChange({ voice_speed: value })}
        />
        <RangeField
          label="Voice volume"
          min={0}
          max={2}
          step={0.05}
          value={settings.voice_volume}
          display={`${Math.round(settings.voice_volume * 100)}%`}
          onChange={(value) => onChange({ voice_volume: value })}
        />
        <RangeField
          label="Music volume"
          min={0}
          max={1}
          step={0.05}
          value={settings.music_volume}
          display={settings.music_id === null ? 'No music' : `${Math.round(settings.music_volume * 100)}%`}
          disabled={settings.music_id === null}
          onChange={(value) => onChange({ music_volume: value })}
        />
        <p className="flex gap-2 text-xs leading-relaxed text-muted">
          <MusicNoteIcon className="mt-0.5 h-3.5 w-3.5 shrink-0 text-accent" />
          Music ducks automatically: it dips under the voice whenever someone speaks and comes back up in the pauses, so
          the narration always stays clear.
        </p>
      </div>
    </Section>
  )
}

/** Every setting of a project, as the create form and the studio's settings panel both show them. */
export function SettingsFields({
  settings,
  onChange,
}: {
  settings: ProjectSettings
  onChange: (changes: Partial<ProjectSettings>) => void
}) {
  return (
    <div className="space-y-7">
      <StylePicker value={settings.style} onChange={(style) => onChange({ style })} />
      <FormatPicker aspectRatio={settings.aspect_ratio} targetSeconds={settings.target_seconds} onChange={onChange} />
      <VoicePicker value={settings.voice_id} onChange={(voice_id) => onChange({ voice_id })} />
      <MusicPicker value={settings.music_id} onChange={(music_id) => onChange({ music_id })} />
      <CaptionsPicker value={settings.captions} onChange={(captions) => onChange({ captions })} />
      <AudioMixControls settings={settings} onChange={onChange} />
    </div>
  )
}
