import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { languageOfTag, type ScriptLanguage } from '@storyreel/contracts/languages'
import { DEFAULT_VOICE_IDS, type Source, type Voice } from '@storyreel/contracts/studio'

import { studioApi } from './studio-api.ts'

/** How long the text rests before it is read again: a pause in typing, not every key. */
const CHECK_DELAY_MS = 500

/** The voice a project in this language starts with: the studio's default for it, else its first voice. */
export function getDefaultVoiceId(language: ScriptLanguage, voices: Voice[] | undefined): string {
  const chosen = DEFAULT_VOICE_IDS[language]
  if (!voices || voices.some((voice) => voice.id === chosen)) return chosen
  return voices.find((voice) => languageOfTag(voice.language) === language)?.id ?? chosen
}

/** The language a voice speaks, when the list knows the voice. */
export function getVoiceTag(voiceId: string, voices: Voice[] | undefined): string | undefined {
  return voices?.find((voice) => voice.id === voiceId)?.language
}

/**
 * What the API reads in the text (language, its voice, a prompt's length), once typing pauses. The last answer
 * stays while the next is on its way, so the form does not flicker.
 */
export function useSourceCheck(kind: Source['kind'], text: string) {
  const [settled, setSettled] = useState<Source>({ kind, text })
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ kind, text }), CHECK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [kind, text])
  const enabled = settled.text.trim().length >= 3
  const query = useQuery({
    queryKey: ['studio', 'source-check', settled.kind, settled.text.trim()],
    queryFn: ({ signal }) => studioApi.checkSource({ kind: settled.kind, text: settled.text.trim() }, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  })
  return enabled ? query.data : undefined
}
