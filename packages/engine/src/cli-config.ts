import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { z } from 'zod'

import type { EngineOptions, HostedApiConfig } from './options.ts'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
const optionalUrl = z
  .union([z.literal(''), z.url()])
  .optional()
  .transform((value) => value || undefined)

/** The environment the command-line renderer reads, once, here: the same names the server uses. */
const CliEnvSchema = z.object({
  SCRIPT_API_URL: optionalUrl,
  SCRIPT_API_KEY: optional,
  SCRIPT_API_MODEL: z.string().min(1).default('gpt-4o-mini'),
  TTS_API_URL: optionalUrl,
  TTS_API_KEY: optional,
  TTS_API_MODEL: z.string().min(1).default('tts-1'),
  IMAGE_API_URL: optionalUrl,
  IMAGE_API_KEY: optional,
  IMAGE_API_MODEL: z.string().min(1).default('gpt-image-1'),
  FFMPEG_PATH: optional,
  FFPROBE_PATH: optional,
  MUSIC_DIR: optional,
  /** Reusable voice clips and scene videos; a second render of the same storyboard reuses them. */
  RENDER_CACHE_DIR: optional,
  XDG_CACHE_HOME: optional,
})

const hosted = (url: string | undefined, apiKey: string | undefined, model: string): HostedApiConfig | undefined =>
  url ? { url: url.replace(/\/$/, ''), apiKey, model } : undefined

export class CliConfigError extends Error {}

export function loadCliConfig(env: Record<string, string | undefined>): EngineOptions {
  const parsed = CliEnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new CliConfigError(`Invalid environment:\n${problems.join('\n')}`)
  }
  const values = parsed.data
  const cacheHome = values.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache')
  return {
    script: hosted(values.SCRIPT_API_URL, values.SCRIPT_API_KEY, values.SCRIPT_API_MODEL),
    tts: hosted(values.TTS_API_URL, values.TTS_API_KEY, values.TTS_API_MODEL),
    images: hosted(values.IMAGE_API_URL, values.IMAGE_API_KEY, values.IMAGE_API_MODEL),
    musicDir: path.resolve(values.MUSIC_DIR ?? path.join(REPO_ROOT, 'content/music')),
    cacheDir: path.resolve(values.RENDER_CACHE_DIR ?? path.join(cacheHome, 'storyreel', 'render-cache')),
    ffmpegPath: values.FFMPEG_PATH,
    ffprobePath: values.FFPROBE_PATH,
  }
}
