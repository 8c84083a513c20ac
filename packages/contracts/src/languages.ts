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
