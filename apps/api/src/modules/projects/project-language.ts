import {
  getPromptLanguageProblem,
  languageOfTag,
  SCRIPT_LANGUAGES,
  type ScriptLanguage,
} from '@storyreel/contracts/languages'
import {
  ALL_OF_THE_BRAND_KIT,
  DEFAULT_VOICE_IDS,
  type CreateProjectBody,
  type ProjectSettings,
  type Source,
  type SourceCheck,
} from '@storyreel/contracts/studio'
import {
  detectLanguage,
  getPromptLength,
  isHostedScriptEngine,
  type ScriptEngine,
  type VoiceEngine,
} from '@storyreel/engine/engine'

import { AppError } from '#src/errors.ts'

type Engines = { scriptEngine: Pick<ScriptEngine, 'name'>; voices: Pick<VoiceEngine, 'getVoice' | 'listVoices'> }

/** The voice a project in this language gets when it names none: the chosen default, else its first voice. */
export function getDefaultVoiceId(language: ScriptLanguage, voices: Engines['voices']): string {
  if (voices.getVoice(DEFAULT_VOICE_IDS[language])) return DEFAULT_VOICE_IDS[language]
  return voices.listVoices().find((voice) => languageOfTag(voice.language) === language)?.id ?? DEFAULT_VOICE_IDS.en
}

/** What the studio reads in a text before the project exists: its language, that language's voice, a length. */
export function checkSource(source: Source, { voices }: Engines): SourceCheck {
  const { language, confident } = detectLanguage(source.text)
  const length = source.kind === 'prompt' ? getPromptLength(source.text) : undefined
  return {
    language,
    language_confident: confident,
    voice_id: getDefaultVoiceId(language, voices),
    prompt_length: length
      ? { phrase: length.phrase, asked_seconds: length.askedSeconds, seconds: length.seconds }
      : null,
  }
}

/**
 * The offline writer drafts in English only: a prompt in another language would come back as a garbled English
 * draft, so it is refused with what to do instead. A hosted writer writes in the project's language.
 */
export function assertWriterSpeaks(
  kind: Source['kind'],
  language: ScriptLanguage,
  scriptEngine: Engines['scriptEngine'],
) {
  if (kind !== 'prompt' || isHostedScriptEngine(scriptEngine.name)) return
  const problem = getPromptLanguageProblem(language)
  if (problem) throw new AppError('PROMPT_LANGUAGE_UNSUPPORTED', 422, problem)
}

/**
 * A new project's settings in full. Its language is the one sent, else the one its text is in (a guess on too few
 * words counts as English: the studio's form always sends the language it showed); its voice is the one sent,
 * else the language's default; and a prompt that names a length sets it when the request asks for that.
 */
export function resolveNewSettings(body: CreateProjectBody, engines: Engines): ProjectSettings {
  const { source, settings } = body
  const detected = detectLanguage(source.text)
  const language: ScriptLanguage = settings.language ?? (detected.confident ? detected.language : 'en')
  assertWriterSpeaks(source.kind, language, engines.scriptEngine)
  const asked = body.length_from_prompt && source.kind === 'prompt' ? getPromptLength(source.text) : undefined
  return {
    ...settings,
    language,
    voice_id: settings.voice_id ?? getDefaultVoiceId(language, engines.voices),
    target_seconds: asked?.seconds ?? settings.target_seconds,
    brand: settings.brand ?? ALL_OF_THE_BRAND_KIT,
  }
}

/** Rows saved before languages have none: English, as they were made. */
export function getProjectLanguage(settings: Pick<ProjectSettings, 'language'>): ScriptLanguage {
  return settings.language && SCRIPT_LANGUAGES.includes(settings.language) ? settings.language : 'en'
}
