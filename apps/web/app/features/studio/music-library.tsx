import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import { MUSIC_GENRES, MUSIC_MOODS, type MusicQuery } from '@storyreel/contracts/studio'

import { MusicNoteIcon } from '#app/components/ui/icons.tsx'
import { SearchField } from '#app/components/ui/search-field.tsx'

import { formatClock } from './format.ts'
import { usePreviewPlayer } from './preview-player.ts'
import { PreviewButton } from './choice-list.tsx'
import { studioApi } from './studio-api.ts'

type Mood = (typeof MUSIC_MOODS)[number]
type Genre = (typeof MUSIC_GENRES)[number]

const chipClass = (active: boolean) =>
  `rounded-full border px-3 py-1.5 text-sm font-medium capitalize transition-colors ${
    active ? 'border-accent bg-accent text-accent-ink' : 'border-line text-muted hover:border-accent/60 hover:text-ink'
  }`

function ChipRow<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly T[]
  value: T | undefined
  onChange: (value: T | undefined) => void
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-xs font-semibold uppercase tracking-wider text-subtle">{label}</span>
      <button
        type="button"
        aria-pressed={value === undefined}
        className={chipClass(value === undefined)}
        onClick={() => onChange(undefined)}
      >
        All
      </button>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          className={chipClass(value === option)}
          onClick={() => onChange(value === option ? undefined : option)}
        >
          {option}
        </button>
      ))}
    </div>
  )
}

/** The music library: filter by mood and genre, search, preview one track at a time, start a video with one. */
export function MusicLibrary() {
  const [mood, setMood] = useState<Mood>()
  const [genre, setGenre] = useState<Genre>()
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  const preview = usePreviewPlayer()
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250)
    return () => clearTimeout(timer)
  }, [search])
  const query: MusicQuery = { ...(mood ? { mood } : {}), ...(genre ? { genre } : {}), ...(q ? { q } : {}) }
  const tracks = useQuery({
    queryKey: ['studio', 'music', query],
    queryFn: () => studioApi.listMusic(query),
    placeholderData: keepPreviousData,
  })

  return (
    <div className="space-y-6">
      <div className="glass space-y-4 rounded-3xl p-5 tablet:p-6">
        <SearchField
          label="Search music"
          value={search}
          onChange={setSearch}
          placeholder="Search by title or feel"
          maxLength={80}
        />
        <ChipRow label="Mood" options={MUSIC_MOODS} value={mood} onChange={setMood} />
        <ChipRow label="Genre" options={MUSIC_GENRES} value={genre} onChange={setGenre} />
      </div>

      {tracks.isPending ? (
        <ul className="space-y-3" aria-busy="true" aria-label="Loading music">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-24 animate-pulse rounded-3xl bg-raised" />
          ))}
        </ul>
      ) : tracks.isError ? (
        <div role="alert" className="glass rounded-3xl p-8 text-center">
          <p className="font-semibold text-ink">The music library could not be loaded.</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void tracks.refetch()}>
            Try again
          </button>
        </div>
      ) : tracks.data.tracks.length === 0 ? (
        <div className="glass rounded-3xl p-8 text-center">
          <p className="font-semibold text-ink">No track matches these filters.</p>
          <button
            type="button"
            className="btn-secondary mt-4"
            onClick={() => {
              setMood(undefined)
              setGenre(undefined)
              setSearch('')
            }}
          >
            Clear the filters
          </button>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Tracks" aria-busy={tracks.isFetching}>
          {tracks.data.tracks.map((track) => {
            const active = preview.id === `music:${track.id}`
            return (
              <li
                key={track.id}
                className={`rounded-3xl border bg-surface/80 p-4 transition-colors tablet:p-5 ${active ? 'border-accent/70' : 'border-line'}`}
              >
                <div className="flex items-start gap-4">
                  <PreviewButton id={`music:${track.id}`} url={track.audio_url} label={track.title} />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <h2 className="text-base font-semibold text-ink">{track.title}</h2>
                      <p className="text-xs tabular-nums text-muted">
                        {track.bpm} BPM · {formatClock(track.duration_seconds)}
                      </p>
                    </div>
                    <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
                      <span className="rounded-full bg-accent/10 px-2 py-0.5 font-medium capitalize text-accent">
                        {track.mood}
                      </span>
                      <span className="rounded-full bg-raised px-2 py-0.5 font-medium capitalize text-muted">
                        {track.genre}
                      </span>
                    </p>
                    <p className="mt-2 text-sm text-muted">{track.description}</p>
                    <div
                      className="mt-3 h-1 overflow-hidden rounded-full bg-raised"
                      role="progressbar"
                      aria-label={`${track.title} playback`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={active ? Math.round(preview.progress * 100) : 0}
                    >
                      <div
                        className="h-full bg-gradient-to-r from-brand-500 to-flare-500 transition-[width] duration-200"
                        style={{ width: `${active ? preview.progress * 100 : 0}%` }}
                      />
                    </div>
                    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                      <p className="text-xs text-subtle">{track.licence}</p>
                      <Link
                        to={`/app/create?music=${encodeURIComponent(track.id)}`}
                        className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent"
                        aria-label={`Use ${track.title} in a new video`}
                      >
                        <MusicNoteIcon className="h-4 w-4" /> Use in a new video
                      </Link>
                    </div>
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
