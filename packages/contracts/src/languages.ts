import { z } from 'zod'

/**
 * The languages a script may be written in: the studio pictures and voices each of them (our voices speak
 * all eight). ISO 639-1 codes; a voice's BCP 47 tag ("es-ES") belongs to the language of its first subtag.
 */
export const SCRIPT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'hi'] as const
export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number]
export const ScriptLanguageSchema = z
  .enum(SCRIPT_LANGUAGES)
  .meta({ id: 'ScriptLanguage', description: 'ISO 639-1 code of the language the words are written in.' })

/** Names in English (the studio's language) and in the language itself, for pickers and warnings. */
export const SCRIPT_LANGUAGE_NAMES: Record<ScriptLanguage, { english: string; native: string }> = {
  en: { english: 'English', native: 'English' },
  es: { english: 'Spanish', native: 'Español' },
  fr: { english: 'French', native: 'Français' },
  de: { english: 'German', native: 'Deutsch' },
  it: { english: 'Italian', native: 'Italiano' },
  pt: { english: 'Portuguese', native: 'Português' },
  nl: { english: 'Dutch', native: 'Nederlands' },
  hi: { english: 'Hindi', native: 'हिन्दी' },
}

/** The script language a voice speaks, from its BCP 47 tag; undefined for a language scripts cannot be in. */
export function languageOfTag(tag: string): ScriptLanguage | undefined {
  const primary = tag.split(/[-_]/u)[0]?.toLowerCase()
  return SCRIPT_LANGUAGES.find((language) => language === primary)
}

/**
 * Why the offline writer will not draft from a prompt in another language (it writes English only), said the same
 * way by the API's refusal and the create form before it sends. Undefined for English.
 */
export function getPromptLanguageProblem(language: ScriptLanguage): string | undefined {
  if (language === 'en') return undefined
  const name = SCRIPT_LANGUAGE_NAMES[language].english
  return (
    `This prompt is in ${name}, and the first-draft writer here writes in English only. Write the prompt in ` +
    `English for a draft in English, or choose Full script and paste your own words in ${name}: a script in ` +
    `${name} is pictured and voiced in ${name}.`
  )
}

/** The warning before a voice reads words in another language; undefined when they match. */
export function getVoiceLanguageProblem(voiceTag: string, language: ScriptLanguage): string | undefined {
  const spoken = languageOfTag(voiceTag)
  if (spoken === language) return undefined
  const script = SCRIPT_LANGUAGE_NAMES[language].english
  const voice = spoken ? SCRIPT_LANGUAGE_NAMES[spoken].english : 'another language'
  return `This voice speaks ${voice}; your script is in ${script}. Choose a ${script} voice.`
}
