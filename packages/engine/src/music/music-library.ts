import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { z } from 'zod'

import { MUSIC_GENRES, MUSIC_MOODS, type MusicQuery, type MusicTrack } from '@storyreel/contracts/studio'

/** One line of content/music/catalog.json, as scripts/music/render-music.ts writes it. */
const CatalogEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case'),
  title: z.string().min(1),
  mood: z.enum(MUSIC_MOODS),
  genre: z.enum(MUSIC_GENRES),
  bpm: z.number().int().min(40).max(220),
  duration_seconds: z.number().positive(),
  description: z.string().min(1),
  // A bare file name: the catalog can never point outside its own folder.
  file: z.string().regex(/^[a-z0-9-]+\.m4a$/, 'must be a file name in the catalog folder'),
  licence: z.string().min(1),
})
const CatalogSchema = z
  .array(CatalogEntrySchema)
  .refine((entries) => new Set(entries.map((entry) => entry.id)).size === entries.length, 'ids must be unique')

export type MusicCatalogEntry = z.infer<typeof CatalogEntrySchema>

export type MusicLibrary = {
  list(query?: MusicQuery): MusicTrack[]
  getTrack(id: string): MusicTrack | undefined
  /** The track's audio file on disk, or undefined for an unknown id. */
  getTrackPath(id: string): string | undefined
}

const toTrack = (entry: MusicCatalogEntry, audioUrl: string): MusicTrack => ({
  id: entry.id,
  title: entry.title,
  mood: entry.mood,
  genre: entry.genre,
  bpm: entry.bpm,
  duration_seconds: entry.duration_seconds,
  description: entry.description,
  audio_url: audioUrl,
  licence: entry.licence,
})

/**
 * The music library: the tracks scripts/music renders, read and checked once at start-up, so a broken
 * catalog stops its user at once instead of failing one render at a time. `audioUrl` says where a track's
 * audio can be fetched (a server passes its own route); by default, the file's own `file:` URL.
 */
export function createMusicLibrary({
  dir,
  audioUrl,
}: {
  dir: string
  audioUrl?: (id: string) => string
}): MusicLibrary {
  const file = path.join(dir, 'catalog.json')
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`The music catalog ${file} cannot be read; run npm run music:render`, { cause: error })
  }
  const parsed = CatalogSchema.safeParse(raw)
  if (!parsed.success) throw new Error(`The music catalog ${file} is invalid: ${z.prettifyError(parsed.error)}`)
  const entries = parsed.data
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const urlOf = (entry: MusicCatalogEntry) => audioUrl?.(entry.id) ?? pathToFileURL(path.join(dir, entry.file)).href
  const tracks = entries.map((entry) => toTrack(entry, urlOf(entry)))
  const searchText = new Map(
    entries.map((entry) => [
      entry.id,
      [entry.title, entry.description, entry.mood, entry.genre].join(' ').toLowerCase(),
    ]),
  )

  return {
    list({ mood, genre, q } = {}) {
      // Every word of the search must appear somewhere in the track's title, description, mood or genre.
      const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean)
      return tracks.filter(
        (track) =>
          (!mood || track.mood === mood) &&
          (!genre || track.genre === genre) &&
          words.every((word) => searchText.get(track.id)?.includes(word)),
      )
    },
    getTrack(id) {
      const entry = byId.get(id)
      return entry && toTrack(entry, urlOf(entry))
    },
    getTrackPath(id) {
      const entry = byId.get(id)
      return entry && path.join(dir, entry.file)
    },
  }
}
