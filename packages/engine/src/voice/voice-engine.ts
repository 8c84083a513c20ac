/** A voice offered in the voice library. */
export type VoiceInfo = {
  id: string
  name: string
  /** BCP 47, e.g. en-US. */
  language: string
  languageLabel: string
  gender: 'female' | 'male'
  /** What the voice is, never what it promises: "Synthetic voice from recordings · English (US) · male" (see `describeVoice`). */
  description: string
  engine: 'local' | 'hosted'
  /** Words per second at speed 1, used to size scenes before anything is synthesised. */
  wordsPerSecond: number
  /** What the user may do with speech in this voice, quoted in the licence receipt. */
  licence: string
}

/**
 * What kind of synthetic voice it is, in words a user can weigh (engine names stay in the licence and the admin
 * console): Flite's voices are statistical models of recorded speakers; eSpeak NG's are rule-made formant speech,
 * which sounds robotic; the hosted ones are neural.
 */
export const VOICE_KINDS = {
  recorded: 'Synthetic voice from recordings',
  formant: 'Robotic synthetic voice',
  neural: 'Neural synthetic voice',
} as const

/** A voice described by what it is, never what it promises: its kind, language and gender. */
export function describeVoice(
  kind: keyof typeof VOICE_KINDS,
  { languageLabel, gender }: Pick<VoiceInfo, 'languageLabel' | 'gender'>,
) {
  return `${VOICE_KINDS[kind]} · ${languageLabel} · ${gender}`
}

/** A word of the narration and when it is spoken, in seconds from the start of the clip. */
export type WordTiming = { text: string; start: number; end: number }

/** Mono speech. Samples are floats in [-1, 1]. */
export type SpeechClip = {
  samples: Float32Array
  sampleRate: number
  /** Every word of the input text, in order, with its time in the clip. */
  words: WordTiming[]
}

export type SpeechRequest = {
  text: string
  voiceId: string
  /** 1 is the voice's natural pace; 0.5-2 are accepted (the API limits users to 0.75-1.5). */
  speed: number
}

/**
 * Speech synthesis behind one interface: Flite (English) and eSpeak NG (every other language) in process,
 * a hosted TTS API when configured.
 */
export interface VoiceEngine {
  readonly name: string
  /** The name of the engine that speaks this voice ("flite", "espeak-ng"), for receipts and cache keys. */
  engineFor(voiceId: string): string | undefined
  listVoices(): VoiceInfo[]
  getVoice(id: string): VoiceInfo | undefined
  synthesize(request: SpeechRequest): Promise<SpeechClip>
}
