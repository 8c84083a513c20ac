// The package ships plain JavaScript: these are the parts of its Emscripten bindings we call (see its
// espeak-ng.js, and Echogarden's src/synthesis/EspeakTTS.ts, which drives it the same way).
declare module '@echogarden/espeak-ng-emscripten' {
  export type EspeakEvent = {
    type:
      'list_terminated' | 'word' | 'sentence' | 'mark' | 'play' | 'end' | 'msg_terminated' | 'phoneme' | 'samplerate'
    /** 1-based, in code points of the text given to synthesize (SSML tags included). */
    text_position: number
    word_length: number
    /** Milliseconds from the start of the utterance. */
    audio_position: number
    id: string | number | undefined
  }

  export interface ESpeakNGWorker {
    /** Text is read as SSML; the callback gets 16-bit samples at get_samplerate() and the events in them. */
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => boolean | void): void
    set_voice(name: string): number
    set_rate(wordsPerMinute: number): number
    set_pitch(pitch: number): number
    set_range(range: number): number
    get_samplerate(): number
    list_voices(): { name: string; identifier: string; languages: { priority: number; name: string }[] }[]
  }

  export type EspeakModule = { eSpeakNGWorker: new () => ESpeakNGWorker }

  const initialize: (options?: object) => Promise<EspeakModule>
  export default initialize
}
