import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'

import { getPromptLanguageProblem, type ScriptLanguage } from '@storyreel/contracts/languages'
import {
  ALL_OF_THE_BRAND_KIT,
  DEFAULT_PROJECT_SETTINGS,
  SOURCE_TEXT_MAX_CHARS,
  VIDEO_MAX_SECONDS,
  type CreateProjectBody,
  type Project,
  type ProjectSettings,
} from '@storyreel/contracts/studio'
import type { Template } from '@storyreel/contracts/templates'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { AlertIcon, SparkIcon } from '#app/components/ui/icons.tsx'

import { useBrandCardSeconds, useBrandColours } from './brand-choices.tsx'
import { HIDDEN_INPUT_CLASS } from './choice-list.tsx'
import { LanguageField } from './language-field.tsx'
import { getPlannedSeconds, PromptLengthPicker, type LengthMode } from './length-picker.tsx'
import { getMusicChoice, musicQuery, MusicPicker } from './music-picker.tsx'
import { getDefaultVoiceId, useSourceCheck } from './script-language.ts'
import {
  AudioMixControls,
  CaptionsPicker,
  FormatPicker,
  StylePicker,
  VoicePicker,
  voicesQuery,
} from './settings-controls.tsx'
import { studioApi } from './studio-api.ts'
import { ChosenTemplate, TemplatePicker, templatesQuery } from './template-picker.tsx'
import { ScriptWriterInfo } from './writer-note.tsx'

const SOURCE_KINDS = {
  prompt: {
    label: 'Prompt',
    help: 'Describe the video; the writer drafts the script and the scenes.',
    placeholder: 'A 30-second story about a lighthouse keeper who finds a message in a bottle…',
  },
  script: {
    label: 'Full script',
    help: 'Paste your narration; we split it into scenes and keep your words.',
    placeholder: 'The storm rolled in at dusk. Mara climbed the stairs one last time…',
  },
} as const

/**
 * Step 1 of the studio: the idea and the settings; submitting writes the storyboard (POST /projects). A
 * template, chosen above the form, takes the idea's place: it fills the settings, and submitting lays the
 * storyboard out as it is (POST /templates/:id/projects).
 */
export function CreateForm({
  initialMusicId,
  initialTemplateId,
  onCreated,
}: {
  initialMusicId?: string | undefined
  initialTemplateId?: string | undefined
  onCreated: (project: Project) => void
}) {
  const [kind, setKind] = useState<'prompt' | 'script'>('prompt')
  const [text, setText] = useState('')
  const [settings, setSettings] = useState<ProjectSettings>(() => ({
    ...DEFAULT_PROJECT_SETTINGS,
    music_id: initialMusicId ?? DEFAULT_PROJECT_SETTINGS.music_id,
  }))
  // Until the user picks them, the language follows the words and the voice follows the language.
  const [chosenLanguage, setChosenLanguage] = useState<ScriptLanguage>()
  const [voiceChosen, setVoiceChosen] = useState(false)
  const [lengthMode, setLengthMode] = useState<LengthMode>('prompt')
  const [submitting, setSubmitting] = useState(false)
  const [problem, setProblem] = useState<string>()
  const textId = useId()
  const textRef = useRef<HTMLTextAreaElement>(null)
  const music = useQuery(musicQuery)
  const voices = useQuery(voicesQuery)
  const writer = useQuery({
    queryKey: ['studio', 'script-writer'],
    queryFn: studioApi.getScriptWriter,
    staleTime: 5 * 60_000,
  })
  const [template, setTemplate] = useState<Template>()
  const templates = useQuery(templatesQuery)
  // A link to a template (?template=…) chooses it once the list is here.
  const [linkedTemplate, setLinkedTemplate] = useState(initialTemplateId)
  if (linkedTemplate && templates.data) {
    const linked = templates.data.templates?.find((item) => item.id === linkedTemplate)
    setLinkedTemplate(undefined)
    if (linked) chooseTemplate(linked)
  }
  const check = useSourceCheck(kind, template ? '' : text)
  const chosenTrack = music.data?.tracks.find((track) => track.id === settings.music_id)

  const change = (changes: Partial<ProjectSettings>) => setSettings((current) => ({ ...current, ...changes }))

  function chooseTemplate(next: Template | undefined) {
    setTemplate(next)
    setProblem(undefined)
    if (!next) return
    // The template's look and sound fill the form; the user may still change any of them.
    setSettings(next.settings)
    setChosenLanguage(next.settings.language)
    setVoiceChosen(true)
  }
  const trimmed = text.trim()
  const language = chosenLanguage ?? check?.language ?? 'en'
  const voiceId = voiceChosen ? settings.voice_id : getDefaultVoiceId(language, voices.data?.voices)
  const fromPrompt = !template && kind === 'prompt' && lengthMode === 'prompt'
  const seconds = template
    ? template.scenes.reduce((sum, scene) => sum + scene.duration, 0)
    : kind === 'prompt'
      ? getPlannedSeconds(lengthMode, check, settings.target_seconds)
      : settings.target_seconds
  // A new project uses every part of the kit; its cards add to the scenes' seconds.
  const brand = settings.brand ?? ALL_OF_THE_BRAND_KIT
  const brandColours = useBrandColours(brand)
  const cardSeconds = useBrandCardSeconds(brand)
  // The writer drafts to what the cards leave of the longest video (the API does the same); a template's scenes
  // keep their lengths.
  const sceneSeconds = template ? seconds : Math.min(seconds, Math.floor(VIDEO_MAX_SECONDS - cardSeconds))
  const overLimit = sceneSeconds + cardSeconds > VIDEO_MAX_SECONDS
  // The offline writer drafts in English only: say so before anything is sent.
  const languageProblem =
    !template && kind === 'prompt' && writer.data === 'offline' && trimmed.length >= 3
      ? getPromptLanguageProblem(language)
      : undefined

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (template) {
      setSubmitting(true)
      try {
        onCreated(
          await studioApi.startFromTemplate(template.id, { settings: { ...settings, language, voice_id: voiceId } }),
        )
      } catch {
        setSubmitting(false)
      }
      return
    }
    const why = trimmed.length < 3 ? 'Write at least a few words.' : languageProblem
    if (why) {
      setProblem(why)
      // The field may be far above the submit bar: take the user to it.
      textRef.current?.focus()
      return
    }
    setProblem(undefined)
    setSubmitting(true)
    const body: CreateProjectBody = {
      source: { kind, text: trimmed },
      settings: { ...settings, language, voice_id: voiceId },
      ...(fromPrompt ? { length_from_prompt: true } : {}),
    }
    try {
      onCreated(await studioApi.createProject(body))
    } catch {
      // The toast says why; the text and settings stay as they are.
      setSubmitting(false)
    }
  }

  return (
    <>
      {/* Outside the form: its rename and delete dialogs are forms of their own. */}
      <TemplatePicker chosenId={template?.id} onChoose={chooseTemplate} />
      <form
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={submitting}
        className="grid gap-6 desktop:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]"
      >
        <div className="space-y-6">
          <section aria-labelledby="source-title" className="glass rounded-3xl p-5 tablet:p-7">
            {template ? (
              <>
                <h2 id="source-title" className="text-lg font-bold text-ink">
                  From the template “{template.name}”
                </h2>
                <ChosenTemplate template={template} onClear={() => chooseTemplate(undefined)} />
              </>
            ) : (
              <>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 id="source-title" className="text-lg font-bold text-ink">
                    Your story
                  </h2>
                  <div
                    role="radiogroup"
                    aria-label="Start from"
                    className="inline-flex rounded-full border border-line bg-surface p-1"
                  >
                    {(['prompt', 'script'] as const).map((value) => (
                      <label
                        key={value}
                        className="relative cursor-pointer rounded-full px-3.5 py-1.5 text-sm font-medium text-muted transition-colors has-checked:bg-accent has-checked:text-accent-ink has-focus-visible:ring-2 has-focus-visible:ring-accent"
                      >
                        <input
                          type="radio"
                          name="source_kind"
                          value={value}
                          checked={kind === value}
                          onChange={() => setKind(value)}
                          className={HIDDEN_INPUT_CLASS}
                        />
                        {SOURCE_KINDS[value].label}
                      </label>
                    ))}
                  </div>
                </div>
                <label htmlFor={textId} className="mt-4 block text-sm text-muted">
                  {SOURCE_KINDS[kind].help}
                </label>
                <textarea
                  id={textId}
                  ref={textRef}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value)
                    if (problem) setProblem(undefined)
                  }}
                  maxLength={SOURCE_TEXT_MAX_CHARS}
                  rows={kind === 'script' ? 10 : 5}
                  placeholder={SOURCE_KINDS[kind].placeholder}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={`${textId}-count${problem ? ` ${textId}-problem` : ''}`}
                  className="mt-2 block w-full resize-y rounded-2xl border border-line bg-surface px-4 py-3 text-[15px] leading-relaxed text-ink placeholder:text-subtle focus:border-accent focus:outline-none"
                />
                <div className="mt-2 flex items-center justify-between gap-3 text-xs">
                  <p
                    id={`${textId}-problem`}
                    className="text-rose-700 dark:text-rose-400"
                    role={problem ? 'alert' : undefined}
                  >
                    {problem}
                  </p>
                  <p
                    id={`${textId}-count`}
                    className={`tabular-nums ${text.length > SOURCE_TEXT_MAX_CHARS * 0.9 ? 'text-amber-600 dark:text-amber-300' : 'text-subtle'}`}
                  >
                    {text.length.toLocaleString('en')} / {SOURCE_TEXT_MAX_CHARS.toLocaleString('en')} characters
                  </p>
                </div>
                <LanguageField
                  language={language}
                  check={check}
                  chosen={chosenLanguage !== undefined}
                  onChange={setChosenLanguage}
                />
                {languageProblem && problem !== languageProblem ? (
                  <p
                    className="mt-3 flex gap-2.5 rounded-2xl border border-amber-400/50 bg-amber-50 p-3 text-sm text-ink dark:border-amber-300/30 dark:bg-amber-300/10"
                    data-testid="prompt-language-note"
                  >
                    <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300" />
                    {languageProblem}
                  </p>
                ) : null}
                <ScriptWriterInfo writer={writer.data} kind={kind} />
              </>
            )}
          </section>
          <section aria-label="Look" className="glass space-y-7 rounded-3xl p-5 tablet:p-7">
            <StylePicker value={settings.style} onChange={(style) => change({ style })} />
            <FormatPicker
              aspectRatio={settings.aspect_ratio}
              targetSeconds={settings.target_seconds}
              onChange={change}
              length={
                kind === 'prompt' ? (
                  <PromptLengthPicker
                    mode={lengthMode}
                    onModeChange={setLengthMode}
                    check={check}
                    targetSeconds={settings.target_seconds}
                    onTargetChange={(target_seconds) => change({ target_seconds })}
                  />
                ) : undefined
              }
            />
          </section>
        </div>
        <div className="space-y-6">
          <section aria-label="Sound" className="glass space-y-7 rounded-3xl p-5 tablet:p-7">
            <VoicePicker
              value={voiceId}
              language={language}
              onChange={(voice_id) => {
                setVoiceChosen(true)
                change({ voice_id })
              }}
            />
            <MusicPicker value={getMusicChoice(settings)} onChange={change} />
            <AudioMixControls settings={settings} onChange={change} />
          </section>
          <section aria-label="Captions" className="glass rounded-3xl p-5 tablet:p-7">
            <CaptionsPicker
              value={settings.captions}
              onChange={(captions) => change({ captions })}
              brandColours={brandColours}
            />
          </section>
        </div>
        {/* Opaque, across the whole form, and last in it: at the end of the page it rests below every input, and
          the page keeps focused fields clear of it while scrolling (scroll-padding in app.css). It rides above
          the consent bar while that shows. */}
        <div className="sticky-submit-bar sticky bottom-[calc(0.75rem+var(--consent-bar-height,0px))] z-10 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-3xl border border-line bg-surface p-3 pl-5 shadow-xl shadow-black/25 desktop:col-span-2">
          <p className="min-w-0 flex-1 text-xs text-muted">
            <span className="font-semibold text-ink">
              {sceneSeconds} s{cardSeconds > 0 ? ` + ${cardSeconds} s brand cards` : ''} · {settings.aspect_ratio}
              {chosenTrack ? ` · ${chosenTrack.title}` : settings.music_id === null ? ' · no music' : ''}
            </span>
            <span className="hidden tablet:block">You will review every scene before anything renders.</span>
          </p>
          <button type="submit" className="btn-primary shrink-0" disabled={submitting}>
            {submitting ? <Spinner /> : <SparkIcon className="h-4 w-4" />}
            {submitting ? 'Writing your storyboard…' : 'Create storyboard'}
          </button>
          {/* A row of its own under both, so a phone's narrow bar keeps the length and the button side by side. */}
          {overLimit ? (
            <p className="basis-full text-xs text-amber-700 dark:text-amber-300">
              With your brand’s cards that is {sceneSeconds + cardSeconds} s, over the {VIDEO_MAX_SECONDS} s limit:
              shorten the storyboard or switch a card off in the studio.
            </p>
          ) : sceneSeconds < seconds ? (
            <p className="basis-full text-xs text-muted">
              Your brand’s cards take {cardSeconds} s, so the scenes are written to {sceneSeconds} s and the video keeps
              to {VIDEO_MAX_SECONDS} s.
            </p>
          ) : null}
        </div>
      </form>
    </>
  )
}
