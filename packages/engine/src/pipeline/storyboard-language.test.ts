import { describe, expect, it } from 'vitest'

import { languageOfTag, SCRIPT_LANGUAGES } from '@storyreel/contracts/languages'
import { DEFAULT_PROJECT_SETTINGS, DEFAULT_VOICE_IDS } from '@storyreel/contracts/studio'

import { createVoiceEngine } from '#src/voice/create-voice-engine.ts'

import { parseStoryboardFile } from './storyboard.ts'

const { voice_id: _voice, ...settingsWithoutVoice } = DEFAULT_PROJECT_SETTINGS
const scenes = (...narrations: string[]) =>
  narrations.map((narration) => ({ narration, visual: 'A flower shop at dawn', duration: 8 }))
const SPANISH = scenes(
  'Cada mañana, Lucía abre su pequeña floristería en Sevilla.',
  'Vende rosas y girasoles a los vecinos del barrio.',
)

describe('the default voice of each language', () => {
  it.each(SCRIPT_LANGUAGES)('is in the offline voice library and speaks %s', (language) => {
    const voice = createVoiceEngine(undefined).getVoice(DEFAULT_VOICE_IDS[language])
    expect(voice, DEFAULT_VOICE_IDS[language]).toBeDefined()
    expect(languageOfTag(voice?.language ?? '')).toBe(language)
  })
})

describe('a storyboard file without a voice', () => {
  it('is read by the default voice of the language its narration is in', () => {
    const parsed = parseStoryboardFile({ settings: settingsWithoutVoice, scenes: SPANISH })
    expect(parsed.ok && parsed.storyboard.settings).toMatchObject({ language: 'es', voice_id: 'es-es-lucia' })
  })

  it('follows the language the file names over the one its words look like', () => {
    const parsed = parseStoryboardFile({ settings: { ...settingsWithoutVoice, language: 'pt' }, scenes: SPANISH })
    expect(parsed.ok && parsed.storyboard.settings).toMatchObject({ language: 'pt', voice_id: 'pt-br-beatriz' })
  })

  it('keeps a voice the file chooses, whatever the language', () => {
    const parsed = parseStoryboardFile({
      settings: { ...settingsWithoutVoice, voice_id: 'en-gb-olivia' },
      scenes: SPANISH,
    })
    expect(parsed.ok && parsed.storyboard.settings).toMatchObject({ language: 'es', voice_id: 'en-gb-olivia' })
  })

  it('stays English for an English storyboard', () => {
    const parsed = parseStoryboardFile({
      settings: settingsWithoutVoice,
      scenes: scenes('Every morning, Lucy opens her small flower shop by the harbor.', 'She sells roses.'),
    })
    expect(parsed.ok && parsed.storyboard.settings).toMatchObject({ language: 'en', voice_id: 'en-us-flite-rms' })
  })
})
