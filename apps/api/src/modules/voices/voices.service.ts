import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'

import type { Voice } from '@storyreel/contracts/studio'
import { encodeWav, runFfmpeg, type VoiceEngine, type VoiceInfo } from '@storyreel/engine/engine'

import { AppError } from '#src/errors.ts'

/** "Hi, I'm Aria. I'll narrate your story." in the voice's language (the voice library's preview). */
export function getPreviewSentence({
  name,
  language,
  gender,
}: Pick<VoiceInfo, 'name' | 'language' | 'gender'>): string {
  const female = gender === 'female'
  switch (language.split('-')[0]) {
    case 'es':
      return `Hola, soy ${name}. Voy a narrar tu historia.`
    case 'fr':
      return `Bonjour, je m'appelle ${name}. Je vais raconter votre histoire.`
    case 'de':
      return `Hallo, ich bin ${name}. Ich erzähle deine Geschichte.`
    case 'it':
      return `Ciao, sono ${name}. Racconterò la tua storia.`
    case 'pt':
      return `Oi, eu sou ${female ? 'a' : 'o'} ${name}. Vou narrar a sua história.`
    case 'hi':
      return `नमस्ते, मैं ${name} हूँ। मैं आपकी कहानी ${female ? 'सुनाऊँगी' : 'सुनाऊँगा'}।`
    case 'nl':
      return `Hoi, ik ben ${name}. Ik vertel jouw verhaal.`
    default:
      return `Hi, I'm ${name}. I'll narrate your story.`
  }
}

export type VoicesService = ReturnType<typeof createVoicesService>

/**
 * The voice library and its previews. A preview is synthesised once, encoded to AAC and kept on disk (and in
 * memory) under a name that changes with the voice's listing and sentence, so an edited voice gets a new sample.
 */
export function createVoicesService({ voices, cacheDir }: { voices: VoiceEngine; cacheDir: string }) {
  const previews = new Map<string, Promise<Buffer>>()

  function toContract(voice: VoiceInfo): Voice {
    return {
      id: voice.id,
      name: voice.name,
      language: voice.language,
      language_label: voice.languageLabel,
      gender: voice.gender,
      description: voice.description,
      engine: voice.engine,
      words_per_second: voice.wordsPerSecond,
      preview_url: `/api/v1/voices/${voice.id}/preview`,
    }
  }

  async function createPreview(voice: VoiceInfo, file: string): Promise<Buffer> {
    try {
      return await readFile(file)
    } catch {
      // Not made yet.
    }
    const clip = await voices.synthesize({ text: getPreviewSentence(voice), voiceId: voice.id, speed: 1 })
    await mkdir(cacheDir, { recursive: true })
    // ffmpeg writes the MP4 index at the end (faststart moves it to the front), so it needs a seekable file;
    // the rename makes the finished file appear whole for a concurrent reader or another instance.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial.m4a`
    try {
      await runFfmpeg(
        [
          '-f',
          'wav',
          '-i',
          'pipe:0',
          '-ac',
          '1',
          '-c:a',
          'aac',
          '-b:a',
          '96k',
          '-movflags',
          '+faststart',
          '-y',
          partial,
        ],
        { input: encodeWav(clip.samples, clip.sampleRate) },
      )
      await rename(partial, file)
    } finally {
      await rm(partial, { force: true })
    }
    return readFile(file)
  }

  return {
    listVoices: () => voices.listVoices().map(toContract),

    /** The preview's AAC audio (MP4); concurrent first requests share one synthesis. */
    getPreview(id: string): Promise<Buffer> {
      const voice = voices.getVoice(id)
      if (!voice) {
        return Promise.reject(new AppError('VOICE_NOT_FOUND', 404, `There is no voice "${id}" in the voice library.`))
      }
      const version = createHash('sha256')
        .update(JSON.stringify([voice, getPreviewSentence(voice)]))
        .digest('hex')
        .slice(0, 12)
      const file = path.join(cacheDir, `${voice.id}-${version}.m4a`)
      let preview = previews.get(file)
      if (!preview) {
        preview = createPreview(voice, file)
        previews.set(file, preview)
        preview.catch(() => previews.delete(file))
      }
      return preview
    },
  }
}
