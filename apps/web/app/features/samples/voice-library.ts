// The render writes these figures to a file of their own, so quoting them does not bundle the samples' list.
import { engines, library } from './media/voice-library.json'

const VOICE_ENGINE_LABELS: Record<string, string> = { 'espeak-ng': 'eSpeak NG' }

/** The voice engine that spoke the samples, as people know it ("eSpeak NG"), as `npm run samples:render` recorded it. */
export const VOICE_ENGINE_LABEL = VOICE_ENGINE_LABELS[engines.voice] ?? engines.voice

/** The built-in voice library when the samples were made: how many voices, and their languages. */
export const VOICE_LIBRARY = library
