/**
 * Composes and renders the music library: every track in tracks.ts becomes
 * content/music/<id>.m4a (AAC, ~96 kbit/s, faststart) and content/music/catalog.json lists them.
 *
 *   npx node scripts/music/render-music.ts                 render everything
 *   npx node scripts/music/render-music.ts --only id,id    render some tracks (the catalog keeps the others)
 *   npx node scripts/music/render-music.ts --verify        measure the files with ffmpeg's ebur128 and volumedetect
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { MUSIC_GENRES, MUSIC_MOODS } from '@storyreel/contracts/studio'

import { runFfmpeg, runFfprobe } from '@storyreel/engine/engine'
import { composeTrack, masterTrack, PEAK_CEILING_DB, type RenderedTrack, type TrackDefinition } from './composer.ts'
import { SAMPLE_RATE, type Stereo } from './dsp.ts'
import { MUSIC_LICENCE, TRACKS } from './tracks.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const MUSIC_DIR = path.join(ROOT, 'content/music')
const MIN_SECONDS = 45
const MAX_SECONDS = 75
const MAX_LIBRARY_BYTES = 20 * 1024 * 1024
/** The highest true peak allowed in a finished file, in dBTP (EBU R 128 streaming delivery uses -1). */
const MAX_TRUE_PEAK_DB = -1

type CatalogEntry = {
  id: string
  title: string
  mood: TrackDefinition['mood']
  genre: TrackDefinition['genre']
  bpm: number
  duration_seconds: number
  description: string
  file: string
  licence: string
}

function interleave(audio: Stereo): Buffer {
  const samples = new Float32Array(audio.left.length * 2)
  for (let i = 0; i < audio.left.length; i++) {
    samples[2 * i] = audio.left[i] ?? 0
    samples[2 * i + 1] = audio.right[i] ?? 0
  }
  return Buffer.from(samples.buffer)
}

async function probeDuration(file: string): Promise<number> {
  const { stdout } = await runFfprobe(['-show_entries', 'format=duration', '-of', 'csv=p=0', file])
  return Number(stdout.toString().trim())
}

type FileLevels = { integrated: number; truePeak: number; maxVolume: number; meanVolume: number }

/** ffmpeg's own view of a file: integrated loudness, true peak, and the loudest and mean sample levels. */
async function measureFile(file: string): Promise<FileLevels> {
  const { stderr } = await runFfmpeg([
    ...['-loglevel', 'info', '-i', file],
    ...['-af', 'ebur128=peak=true:framelog=verbose,volumedetect', '-f', 'null', '-'],
  ])
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'))
  const read = (pattern: RegExp, text: string) => {
    const value = pattern.exec(text)?.[1]
    if (value === undefined) throw new Error(`ffmpeg did not report ${String(pattern)} for ${file}`)
    return Number(value)
  }
  return {
    integrated: read(/I:\s+(-?[\d.]+) LUFS/, summary),
    truePeak: read(/Peak:\s+(-?[\d.]+) dBFS/, summary),
    maxVolume: read(/max_volume: (-?[\d.]+) dB/, stderr),
    meanVolume: read(/mean_volume: (-?[\d.]+) dB/, stderr),
  }
}

async function encode(audio: RenderedTrack['audio'], raw: string, output: string, track: TrackDefinition) {
  await writeFile(raw, interleave(audio))
  await runFfmpeg([
    '-y',
    ...['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', raw],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart'],
    ...['-metadata', `title=${track.title}`, '-metadata', 'artist=StoryReel', '-metadata', `comment=${MUSIC_LICENCE}`],
    output,
  ])
  await rm(raw, { force: true })
}

/** Checks the library covers every mood and genre at least twice, before spending minutes rendering it. */
function checkCoverage(tracks: TrackDefinition[]) {
  const problems: string[] = []
  for (const mood of MUSIC_MOODS)
    if (tracks.filter((track) => track.mood === mood).length < 2)
      problems.push(`mood ${mood} has fewer than two tracks`)
  for (const genre of MUSIC_GENRES)
    if (tracks.filter((track) => track.genre === genre).length < 2)
      problems.push(`genre ${genre} has fewer than two tracks`)
  const ids = new Set(tracks.map((track) => track.id))
  if (ids.size !== tracks.length) problems.push('two tracks share an id')
  if (problems.length > 0) throw new Error(`The track list is incomplete:\n${problems.join('\n')}`)
}

async function render(only: string[] | undefined) {
  checkCoverage(TRACKS)
  await mkdir(MUSIC_DIR, { recursive: true })
  const scratch = path.join(os.tmpdir(), `storyreel-music-${process.pid}`)
  await mkdir(scratch, { recursive: true })
  const catalogPath = path.join(MUSIC_DIR, 'catalog.json')
  const previous = only ? (JSON.parse(await readFile(catalogPath, 'utf8').catch(() => '[]')) as CatalogEntry[]) : []
  const started = Date.now()
  const encodes: Promise<CatalogEntry>[] = []
  try {
    for (const track of TRACKS) {
      if (only && !only.includes(track.id)) continue
      const begin = Date.now()
      const mix = composeTrack(track)
      let rendered = masterTrack(mix)
      if (rendered.durationSeconds < MIN_SECONDS || rendered.durationSeconds > MAX_SECONDS)
        throw new Error(
          `${track.id} lasts ${rendered.durationSeconds.toFixed(1)} s, outside ${MIN_SECONDS}-${MAX_SECONDS} s`,
        )
      const renderSeconds = (Date.now() - begin) / 1000
      const file = `${track.id}.m4a`
      const output = path.join(MUSIC_DIR, file)
      const raw = path.join(scratch, `${track.id}.f32`)
      // ffmpeg encodes while the next track renders, so both cores work.
      encodes.push(
        (async () => {
          await encode(rendered.audio, raw, output, track)
          let levels = await measureFile(output)
          // The encoder's ringing can lift a peak past the limiter's ceiling; master again lower if it did.
          for (let ceiling = PEAK_CEILING_DB; levels.truePeak > MAX_TRUE_PEAK_DB;) {
            ceiling -= levels.truePeak - MAX_TRUE_PEAK_DB + 0.3
            rendered = masterTrack(mix, { ceilingDb: ceiling })
            await encode(rendered.audio, raw, output, track)
            levels = await measureFile(output)
          }
          console.log(
            `${track.id.padEnd(30)} ${rendered.durationSeconds.toFixed(1).padStart(5)} s  rendered in ` +
              `${renderSeconds.toFixed(1).padStart(4)} s  file: ${levels.integrated.toFixed(1)} LUFS, ` +
              `true peak ${levels.truePeak.toFixed(1)} dBTP, max ${levels.maxVolume.toFixed(1)} dB, ` +
              `mean ${levels.meanVolume.toFixed(1)} dB`,
          )
          return {
            id: track.id,
            title: track.title,
            mood: track.mood,
            genre: track.genre,
            bpm: track.bpm,
            duration_seconds: Math.round((await probeDuration(output)) * 100) / 100,
            description: track.description,
            file,
            licence: MUSIC_LICENCE,
          }
        })(),
      )
    }
    const fresh = await Promise.all(encodes)
    const byId = new Map([...previous, ...fresh].map((entry) => [entry.id, entry]))
    const catalog = TRACKS.map((track) => byId.get(track.id)).filter((entry) => entry !== undefined)
    await writeFile(catalogPath, `${JSON.stringify(catalog, null, 2)}\n`)
    let total = 0
    for (const entry of catalog) total += (await stat(path.join(MUSIC_DIR, entry.file))).size
    console.log(
      `${fresh.length} tracks in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
        `library ${(total / 1024 / 1024).toFixed(2)} MB in ${catalog.length} files`,
    )
    if (total > MAX_LIBRARY_BYTES) throw new Error('The library is over 20 MB: shorten tracks or lower the bitrate')
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** Measures every file of the catalog with ffmpeg, without rendering. */
async function verify() {
  const catalog = JSON.parse(await readFile(path.join(MUSIC_DIR, 'catalog.json'), 'utf8')) as CatalogEntry[]
  for (const entry of catalog) {
    const levels = await measureFile(path.join(MUSIC_DIR, entry.file))
    console.log(
      `${entry.id.padEnd(30)} ${levels.integrated.toFixed(1)} LUFS  true peak ${levels.truePeak.toFixed(1)} dBTP  ` +
        `max ${levels.maxVolume.toFixed(1)} dB  mean ${levels.meanVolume.toFixed(1)} dB`,
    )
  }
}

const { values } = parseArgs({ options: { only: { type: 'string' }, verify: { type: 'boolean' } } })
if (values.verify) await verify()
else await render(values.only?.split(','))
