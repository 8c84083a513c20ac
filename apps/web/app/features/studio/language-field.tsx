import { useId } from 'react'

import {
  getVoiceLanguageProblem,
  SCRIPT_LANGUAGE_NAMES,
  SCRIPT_LANGUAGES,
  type ScriptLanguage,
} from '@storyreel/contracts/languages'
import type { SourceCheck } from '@storyreel/contracts/studio'

import { AlertIcon } from '#app/components/ui/icons.tsx'

const SELECT_CLASS =
  'rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-semibold text-ink focus:border-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-accent'

/** "Spanish · Español", or "English" where the two names are one. */
export function languageOptionLabel(language: ScriptLanguage): string {
  const { english, native } = SCRIPT_LANGUAGE_NAMES[language]
  return english === native ? english : `${english} · ${native}`
}

/** Where the language shown comes from, in a few words after its name. */
function sourceOfLanguage(language: ScriptLanguage, check: SourceCheck | undefined, chosen: boolean): string {
  if (chosen) return 'as you chose'
  if (!check) return 'until your words say otherwise'
  if (check.language !== language) return 'as you chose'
  return check.language_confident ? 'detected from your words' : 'a guess from a few words: check it'
}

/**
 * The language of the words, found as the user writes and theirs to change (a few words can fool a detector).
 * A native select: keyboard and screen readers work as everywhere else.
 */
export function LanguageField({
  language,
  check,
  chosen,
  onChange,
}: {
  language: ScriptLanguage
  check: SourceCheck | undefined
  /** The user picked the language: it no longer follows the words. */
  chosen: boolean
  onChange: (language: ScriptLanguage) => void
}) {
  const id = useId()
  const source = sourceOfLanguage(language, check, chosen)
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm" data-testid="script-language">
      <label htmlFor={id} className="text-muted">
        Language
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => onChange(event.target.value as ScriptLanguage)}
        aria-describedby={`${id}-source`}
        className={SELECT_CLASS}
      >
        {SCRIPT_LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {languageOptionLabel(option)}
          </option>
        ))}
      </select>
      <span id={`${id}-source`} className="text-xs text-subtle" aria-live="polite">
        {SCRIPT_LANGUAGE_NAMES[language].english}, {source}
      </span>
    </div>
  )
}

/** The language of a project's words, in its settings: changing it does not change the voice. */
export function LanguageSelect({
  value,
  onChange,
}: {
  value: ScriptLanguage
  onChange: (language: ScriptLanguage) => void
}) {
  const id = useId()
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-ink">Language</legend>
      <p className="mt-1 text-xs text-subtle">The language your words are in; pictures and captions follow it.</p>
      <label htmlFor={id} className="sr-only">
        Language of your words
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ScriptLanguage)}
        className={`mt-3 ${SELECT_CLASS}`}
      >
        {SCRIPT_LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {languageOptionLabel(option)}
          </option>
        ))}
      </select>
    </fieldset>
  )
}

/**
 * The warning before a voice reads words in another language ("This voice speaks English; your script is in
 * Spanish. Choose a Spanish voice."), with a button that does it when the studio has one. Nothing when they match.
 */
export function VoiceLanguageWarning({
  voiceTag,
  language,
  fix,
}: {
  voiceTag: string | undefined
  language: ScriptLanguage
  fix?: { label: string; onClick: () => void } | undefined
}) {
  const problem = voiceTag ? getVoiceLanguageProblem(voiceTag, language) : undefined
  return (
    // Always in the page, so a screen reader hears the warning when it appears.
    <div aria-live="polite" data-testid="voice-language-warning">
      {problem ? (
        <div className="mt-3 flex gap-2.5 rounded-2xl border border-amber-400/50 bg-amber-50 p-3 text-sm dark:border-amber-300/30 dark:bg-amber-300/10">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300" />
          <div className="min-w-0">
            <p className="text-ink">{problem}</p>
            {fix ? (
              <button
                type="button"
                onClick={fix.onClick}
                className="mt-1.5 text-sm font-semibold text-accent underline-offset-2 hover:underline"
              >
                {fix.label}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  )
}
