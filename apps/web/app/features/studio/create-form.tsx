import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'

import {
  DEFAULT_PROJECT_SETTINGS,
  SOURCE_TEXT_MAX_CHARS,
  type CreateProjectBody,
  type Project,
  type ProjectSettings,
} from '@storyreel/contracts/studio'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { SparkIcon } from '#app/components/ui/icons.tsx'

import { HIDDEN_INPUT_CLASS } from './choice-list.tsx'
import { getMusicChoice, musicQuery, MusicPicker } from './music-picker.tsx'
import { AudioMixControls, CaptionsPicker, FormatPicker, StylePicker, VoicePicker } from './settings-controls.tsx'
import { studioApi } from './studio-api.ts'
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

/** Step 1 of the studio: the idea and the settings; submitting writes the storyboard (POST /projects). */
export function CreateForm({
  initialMusicId,
  onCreated,
}: {
  initialMusicId?: string | undefined
  onCreated: (project: Project) => void
}) {
  const [kind, setKind] = useState<'prompt' | 'script'>('prompt')
  const [text, setText] = useState('')
  const [settings, setSettings] = useState<ProjectSettings>(() => ({
    ...DEFAULT_PROJECT_SETTINGS,
    music_id: initialMusicId ?? DEFAULT_PROJECT_SETTINGS.music_id,
  }))
  const [submitting, setSubmitting] = useState(false)
  const [problem, setProblem] = useState<string>()
  const textId = useId()
  const textRef = useRef<HTMLTextAreaElement>(null)
  const music = useQuery(musicQuery)
  const writer = useQuery({
    queryKey: ['studio', 'script-writer'],
    queryFn: studioApi.getScriptWriter,
    staleTime: 5 * 60_000,
  })
  const chosenTrack = music.data?.tracks.find((track) => track.id === settings.music_id)

  const change = (changes: Partial<ProjectSettings>) => setSettings((current) => ({ ...current, ...changes }))
  const trimmed = text.trim()

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (trimmed.length < 3) {
      setProblem('Write at least a few words.')
      // The field may be far above the submit bar: take the user to it.
      textRef.current?.focus()
      return
    }
    setProblem(undefined)
    setSubmitting(true)
    const body: CreateProjectBody = { source: { kind, text: trimmed }, settings }
    try {
      onCreated(await studioApi.createProject(body))
    } catch {
      // The toast says why; the text and settings stay as they are.
      setSubmitting(false)
    }
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={submitting}
      className="grid gap-6 desktop:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]"
    >
      <div className="space-y-6">
        <section aria-labelledby="source-title" className="glass rounded-3xl p-5 tablet:p-7">
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
            onChange={(event) => setText(event.target.value)}
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
          <ScriptWriterInfo writer={writer.data} kind={kind} />
        </section>
        <section aria-label="Look" className="glass space-y-7 rounded-3xl p-5 tablet:p-7">
          <StylePicker value={settings.style} onChange={(style) => change({ style })} />
          <FormatPicker aspectRatio={settings.aspect_ratio} targetSeconds={settings.target_seconds} onChange={change} />
        </section>
      </div>
      <div className="space-y-6">
        <section aria-label="Sound" className="glass space-y-7 rounded-3xl p-5 tablet:p-7">
          <VoicePicker value={settings.voice_id} onChange={(voice_id) => change({ voice_id })} />
          <MusicPicker value={getMusicChoice(settings)} onChange={change} />
          <AudioMixControls settings={settings} onChange={change} />
        </section>
        <section aria-label="Captions" className="glass rounded-3xl p-5 tablet:p-7">
          <CaptionsPicker value={settings.captions} onChange={(captions) => change({ captions })} />
        </section>
      </div>
      {/* Opaque, across the whole form, and last in it: at the end of the page it rests below every input, and
          the page keeps focused fields clear of it while scrolling (scroll-padding in app.css). It rides above
          the consent bar while that shows. */}
      <div className="sticky-submit-bar sticky bottom-[calc(0.75rem+var(--consent-bar-height,0px))] z-10 flex items-center justify-between gap-3 rounded-3xl border border-line bg-surface p-3 pl-5 shadow-xl shadow-black/25 desktop:col-span-2">
        <p className="min-w-0 text-xs text-muted">
          <span className="font-semibold text-ink">
            {settings.target_seconds} s · {settings.aspect_ratio}
            {chosenTrack ? ` · ${chosenTrack.title}` : settings.music_id === null ? ' · no music' : ''}
          </span>
          <span className="hidden tablet:block">You will review every scene before anything renders.</span>
        </p>
        <button type="submit" className="btn-primary shrink-0" disabled={submitting}>
          {submitting ? <Spinner /> : <SparkIcon className="h-4 w-4" />}
          {submitting ? 'Writing your storyboard…' : 'Create storyboard'}
        </button>
      </div>
    </form>
  )
}
