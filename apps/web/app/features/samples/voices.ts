// A named import lets the bundler leave out the manifest's other fields: a page with voices only skips the videos.
import { voices } from './media/samples.json'

/**
 * The voice samples on the landing pages: each line spoken by the product's own voice engine, rendered by
 * `npm run samples:render` from content/samples/samples.json, with what the render recorded about the library.
 */

const AUDIO_URLS = import.meta.glob<string>('./media/*.m4a', { query: '?url', import: 'default', eager: true })

export type VoiceSample = (typeof voices)[number] & { src: string }

export const VOICE_SAMPLES: readonly VoiceSample[] = voices.map((voice) => {
  const src = AUDIO_URLS[`./media/${voice.file}`]
  if (!src) throw new Error(`Sample file ${voice.file} is missing: run npm run samples:render`)
  return { ...voice, src }
})

export function getVoiceSamples(ids?: readonly string[]): VoiceSample[] {
  if (!ids) return [...VOICE_SAMPLES]
  return ids.map((id) => {
    const voice = VOICE_SAMPLES.find((candidate) => candidate.id === id)
    if (!voice) throw new Error(`No voice sample "${id}" in media/samples.json`)
    return voice
  })
}
