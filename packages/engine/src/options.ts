/** A hosted AI API speaking OpenAI's HTTP protocol; unset, the local engine does the work. */
export type HostedApiConfig = { url: string; apiKey: string | undefined; model: string }

/**
 * Everything the engine is told, as plain values (it reads no environment of its own): which hosted APIs
 * to use, where the music library and the reusable render cache live, and which ffmpeg to run.
 */
export type EngineOptions = {
  script?: HostedApiConfig | undefined
  tts?: HostedApiConfig | undefined
  images?: HostedApiConfig | undefined
  /** The music library: the catalogue and its audio files. */
  musicDir: string
  /** Reusable voice clips and scene videos, kept between renders (a local folder). */
  cacheDir: string
  /** Overrides for the ffmpeg and ffprobe shipped inside the npm packages, such as a system build. */
  ffmpegPath?: string | undefined
  ffprobePath?: string | undefined
}
