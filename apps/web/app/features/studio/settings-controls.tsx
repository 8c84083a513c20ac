import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { languageOfTag, SCRIPT_LANGUAGE_NAMES, type ScriptLanguage } from '@storyreel/contracts/languages'

import {
  ASPECT_RATIOS,
  CAPTION_STYLE_LABELS,
  CAPTION_STYLES,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  VIDEO_STYLE_BLURBS,
  VIDEO_STYLE_LABELS,
  VIDEO_STYLES,
  VOICE_SPEED_MAX,
  VOICE_SPEED_MIN,
  type AspectRatio,
  type ProjectMediaAsset,
  type ProjectSettings,
  type Voice,
} from '@storyreel/contracts/studio'

import { MicIcon, MusicNoteIcon } from '#app/components/ui/icons.tsx'
import { RangeField } from '#app/components/ui/range-field.tsx'
import { SwitchRow } from '#app/components/ui/switch-row.tsx'

import { BrandChoices, useBrandColours } from './brand-choices.tsx'
import { CaptionSample } from './caption-sample.tsx'
import { CHOICE_CARD_CLASS, HIDDEN_INPUT_CLASS, ListState, OptionList, Section } from './choice-list.tsx'
import { LanguageSelect, VoiceLanguageWarning } from './language-field.tsx'
import { getMusicChoice, MusicPicker } from './music-picker.tsx'
import { getDefaultVoiceId } from './script-language.ts'
import { studioApi } from './studio-api.ts'
import { StyleSwatch } from './style-swatch.tsx'

const ASPECT_LABELS: Record<AspectRatio, string> = {
  '9:16': 'Vertical · Reels, TikTok, Shorts',
  '16:9': 'Wide · YouTube',
  '1:1': 'Square · Feeds',
}

export const voicesQuery = { queryKey: ['studio', 'voices'], queryFn: () => studioApi.listVoices() } as const
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
          <label key={style} className={`${CHOICE_CARD_CLASS} flex-col overflow-hidden p-1.5`}>
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
              <span className="block text-xs text-muted">{VIDEO_STYLE_BLURBS[style]}</span>
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
  length,
}: {
  aspectRatio: AspectRatio
  targetSeconds: number
  onChange: (changes: Partial<ProjectSettings>) => void
  /** Another length control in place of the slider (the create form's "As the prompt says"). */
  length?: ReactNode
}) {
  return (
    <>
      <Section title="Aspect ratio">
        <div className="grid grid-cols-3 gap-2">
          {ASPECT_RATIOS.map((ratio) => (
            <label key={ratio} className={`${CHOICE_CARD_CLASS} flex-col items-center gap-1 px-2 py-3 text-center`}>
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
        {length ?? (
          <TargetLengthField value={targetSeconds} onChange={(value) => onChange({ target_seconds: value })} />
        )}
      </Section>
    </>
  )
}

export function TargetLengthField({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  return (
    <RangeField
      label="Target length"
      min={VIDEO_MIN_SECONDS}
      max={VIDEO_MAX_SECONDS}
      step={5}
      value={value}
      display={`${value} s`}
      onChange={onChange}
      marks={[`${VIDEO_MIN_SECONDS} s`, `${VIDEO_MAX_SECONDS} s`]}
    />
  )
}

/** Voices of the words' language first, each list in the library's own order. */
function voicesFor(voices: Voice[], language: ScriptLanguage | undefined): Voice[] {
  if (!language) return voices
  const speaks = (voice: Voice) => languageOfTag(voice.language) === language
  return [...voices.filter(speaks), ...voices.filter((voice) => !speaks(voice))]
}

export function VoicePicker({
  value,
  onChange,
  language,
}: {
  value: string
  onChange: (id: string) => void
  /** The language of the words: its voices come first, and a voice of another language is warned about. */
  language?: ScriptLanguage | undefined
}) {
  const voices = useQuery(voicesQuery)
  const list = voices.data?.voices
  const chosen = list?.find((voice) => voice.id === value)
  const fitting = language ? list?.find((voice) => voice.id === getDefaultVoiceId(language, list)) : undefined
  return (
    <Section title="Voice" hint="Every voice is synthetic; listen before you choose.">
      {list ? (
        <OptionList
          name="voice_id"
          noun="voices"
          value={value}
          onChange={onChange}
          options={voicesFor(list, language).map((voice: Voice) => ({
            value: voice.id,
            title: voice.name,
            // The description says what kind of voice it is, its language and gender.
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
      {language ? (
        <VoiceLanguageWarning
          voiceTag={chosen?.language}
          language={language}
          fix={
            fitting && languageOfTag(fitting.language) === language
              ? {
                  label: `Use ${fitting.name} (${SCRIPT_LANGUAGE_NAMES[language].english})`,
                  onClick: () => onChange(fitting.id),
                }
              : undefined
          }
        />
      ) : null}
    </Section>
  )
}

export function CaptionsPicker({
  value,
  onChange,
  brandColours,
}: {
  value: ProjectSettings['captions']
  onChange: (captions: ProjectSettings['captions']) => void
  /** The brand's colours, when the video uses them: the samples show the captions in them. */
  brandColours?: { primary: string; accent: string } | undefined
}) {
  return (
    <Section title="Captions">
      <SwitchRow
        label="Burn captions into the video"
        checked={value.enabled}
        onChange={(enabled) => onChange({ ...value, enabled })}
      />
      <div className="mt-3 grid grid-cols-2 gap-2" role="radiogroup" aria-label="Caption style">
        {CAPTION_STYLES.map((style) => (
          <label key={style} className={`${CHOICE_CARD_CLASS} flex-col gap-1.5 p-1.5`}>
            <input
              type="radio"
              name="caption_style"
              value={style}
              checked={value.style === style}
              disabled={!value.enabled}
              onChange={() => onChange({ ...value, style })}
              className={HIDDEN_INPUT_CLASS}
            />
            <CaptionSample captionStyle={style} colours={brandColours} />
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
  settings: Pick<ProjectSettings, 'voice_speed' | 'voice_volume' | 'music_volume' | 'music_id' | 'music_asset_id'>
  onChange: (changes: Partial<ProjectSettings>) => void
}) {
  const noMusic = settings.music_id === null && !settings.music_asset_id
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
          display={noMusic ? 'No music' : `${Math.round(settings.music_volume * 100)}%`}
          disabled={noMusic}
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
  ownTrack,
  musicError,
}: {
  settings: ProjectSettings
  onChange: (changes: Partial<ProjectSettings>) => void
  /** The uploaded track the settings name, as the project knows it. */
  ownTrack?: ProjectMediaAsset | undefined
  musicError?: string | undefined
}) {
  const brandColours = useBrandColours(settings.brand)
  return (
    <div className="space-y-7">
      <StylePicker value={settings.style} onChange={(style) => onChange({ style })} />
      <FormatPicker aspectRatio={settings.aspect_ratio} targetSeconds={settings.target_seconds} onChange={onChange} />
      <LanguageSelect value={settings.language ?? 'en'} onChange={(language) => onChange({ language })} />
      <VoicePicker
        value={settings.voice_id}
        onChange={(voice_id) => onChange({ voice_id })}
        language={settings.language ?? 'en'}
      />
      <MusicPicker value={getMusicChoice(settings)} onChange={onChange} ownTrack={ownTrack} error={musicError} />
      <CaptionsPicker
        value={settings.captions}
        onChange={(captions) => onChange({ captions })}
        brandColours={brandColours}
      />
      <AudioMixControls settings={settings} onChange={onChange} />
      <BrandChoices value={settings.brand} captions={settings.captions} onChange={(brand) => onChange({ brand })} />
    </div>
  )
}
