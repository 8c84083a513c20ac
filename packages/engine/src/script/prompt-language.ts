import { SCRIPT_LANGUAGE_NAMES } from '@storyreel/contracts/languages'

import { detectLanguage } from '#src/language/detect-language.ts'

/** Share of a prompt's letters outside the Latin alphabet from which it is read as another writing system. */
const OTHER_SCRIPT_SHARE = 0.5

/**
 * Why the offline writer will not draft from a prompt in another language, in words the user can act on;
 * undefined for an English prompt. The writer reads and writes English only: a Spanish prompt read as English
 * came out as "Three Facts About Anuncio". A short prompt the detector is unsure of ("Paris", "pizza") is
 * drafted, since English words borrowed from other languages are common in short requests.
 */
export function getPromptLanguageProblem(prompt: string): string | undefined {
  const letters = prompt.match(/\p{L}/gu)?.length ?? 0
  if (letters === 0) return undefined
  const latin = prompt.match(/\p{Script=Latin}/gu)?.length ?? 0
  const detected = detectLanguage(prompt)
  const isOtherScript = (letters - latin) / letters >= OTHER_SCRIPT_SHARE
  if (detected.language === 'en' && !isOtherScript) return undefined
  if (!detected.confident && !isOtherScript) return undefined
  const name = detected.language === 'en' ? undefined : SCRIPT_LANGUAGE_NAMES[detected.language].english
  return (
    `This prompt reads as ${name ?? 'a language other than English'}, and the offline writer drafts only from ` +
    `prompts in English. Write the prompt in English, or paste your own ${name ? `${name} ` : ''}text as a ` +
    'script instead: a script is kept as you wrote it.'
  )
}
