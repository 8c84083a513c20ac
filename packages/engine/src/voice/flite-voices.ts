import { describeVoice, type VoiceInfo } from './voice-engine.ts'

export const FLITE_LICENCE =
  'Synthesised by Flite (Carnegie Mellon University, BSD-style licence) from voices built on the CMU ARCTIC and CMU Kal recordings, which are free for commercial use; the speech it produces is yours to use commercially without attribution.'

/** A library voice: one of the voices compiled into Flite, and its pace. */
export type FliteVoice = VoiceInfo & {
  flite: string
  /** Flite's `duration_stretch` at speed 1 (1 is the voice's recorded pace; larger is slower). */
  durationStretch: number
  /** More `--setf`/`--seti` settings for this voice. */
  extraArgs: string[]
  sampleRate: number
  /**
   * A fixed gain to about -16 dBFS of speech (the voices were recorded at different levels), so every scene of
   * a video is equally loud; the mix brings the whole video to its loudness target afterwards.
   */
  gain: number
}

type Definition = Omit<FliteVoice, 'engine' | 'licence' | 'description' | 'sampleRate'>

// The male US voice first: it is the default, measuring livelier in pitch and crisper at word onsets than the
// female one (decision 028).
const DEFINITIONS: Definition[] = [
  {
    id: 'en-us-flite-rms',
    name: 'Ryan',
    language: 'en-US',
    languageLabel: 'English (US)',
    gender: 'male',
    flite: 'rms',
    gain: 2,
    durationStretch: 1.09,
    extraArgs: [],
    wordsPerSecond: 2.5,
  },
  {
    id: 'en-us-flite-slt',
    name: 'Sarah',
    language: 'en-US',
    languageLabel: 'English (US)',
    gender: 'female',
    flite: 'slt',
    gain: 1,
    durationStretch: 1.17,
    extraArgs: ['--setf', 'int_f0_target_stddev=40'],
    wordsPerSecond: 2.5,
  },
  {
    id: 'en-gb-flite-awb',
    name: 'Alasdair',
    language: 'en-GB-scotland',
    languageLabel: 'English (Scotland)',
    gender: 'male',
    flite: 'awb',
    gain: 1.8,
    durationStretch: 1.2,
    extraArgs: [],
    wordsPerSecond: 2.5,
  },
]

export const FLITE_VOICES: readonly FliteVoice[] = DEFINITIONS.map((voice) => ({
  ...voice,
  engine: 'local',
  sampleRate: 16000,
  description: describeVoice('recorded', voice),
  licence: FLITE_LICENCE,
}))
