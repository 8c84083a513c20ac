import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'

import type { Asset } from '@storyreel/contracts/assets'
import type { MusicTrack, ProjectMediaAsset, ProjectSettings } from '@storyreel/contracts/studio'

import { AlertIcon, MusicNoteIcon, UploadIcon } from '#app/components/ui/icons.tsx'

import { ListState, OptionList, Section } from './choice-list.tsx'
import { capitalize, formatClock } from './format.ts'
import { studioApi } from './studio-api.ts'

export const musicQuery = { queryKey: ['studio', 'music', {}], queryFn: () => studioApi.listMusic() } as const

/** The project's music: a library track, one of the owner's uploads, or neither. */
export type MusicChoice = { music_id: string | null; music_asset_id: string | null }

export const getMusicChoice = (settings: Pick<ProjectSettings, 'music_id' | 'music_asset_id'>): MusicChoice => ({
  music_id: settings.music_id,
  music_asset_id: settings.music_asset_id ?? null,
})

// The radio of "No music" carries an empty value; the setting itself is null.
const NO_MUSIC = ''
// Matches no library track, so none is checked while an upload is the music.
const OWN_TRACK = ' own'

const tabClass = (active: boolean) =>
  `rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${
    active ? 'border-accent bg-accent text-accent-ink' : 'border-line text-muted hover:border-accent/60 hover:text-ink'
  }`

const trackIcon = (
  <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-gradient-to-br from-glow-400/25 to-brand-500/25 text-accent">
    <MusicNoteIcon className="h-4 w-4" />
  </span>
)

/**
 * The music: a track of the licensed library, or one the owner uploaded to their media library. Choosing one
 * clears the other; the volume and ducking apply to either.
 */
export function MusicPicker({
  value,
  onChange,
  ownTrack,
  error,
}: {
  value: MusicChoice
  onChange: (choice: MusicChoice) => void
  /** The uploaded track the project names, as the project knows it (name, length, whether it was deleted). */
  ownTrack?: ProjectMediaAsset | undefined
  /** The API's answer to the last save, when it was about the music. */
  error?: string | undefined
}) {
  const [tab, setTab] = useState<'library' | 'own'>(value.music_asset_id ? 'own' : 'library')
  return (
    <Section title="Music" hint="Library tracks are licensed for your videos; your own uploads are credited to you.">
      <div role="group" aria-label="Music from" className="mb-3 flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={tab === 'library'}
          className={tabClass(tab === 'library')}
          onClick={() => setTab('library')}
        >
          Music library
        </button>
        <button
          type="button"
          aria-pressed={tab === 'own'}
          className={tabClass(tab === 'own')}
          onClick={() => setTab('own')}
        >
          My uploads
        </button>
      </div>
      {/* Among the uploads, a ready chosen track is the checked one; elsewhere, or when it cannot play, say so. */}
      {value.music_asset_id && (tab === 'library' || ownTrack?.status !== 'ready') ? (
        <OwnTrackNote id={value.music_asset_id} track={ownTrack} />
      ) : null}
      {tab === 'library' ? (
        <LibraryTracks
          value={value.music_asset_id ? OWN_TRACK : (value.music_id ?? NO_MUSIC)}
          onChange={(id) => onChange({ music_id: id === NO_MUSIC ? null : id, music_asset_id: null })}
        />
      ) : (
        <OwnTracks value={value.music_asset_id} onChange={(id) => onChange({ music_id: null, music_asset_id: id })} />
      )}
      {error ? (
        <p role="alert" className="mt-2 flex items-start gap-2 text-xs text-rose-700 dark:text-rose-400">
          <AlertIcon className="mt-px h-3.5 w-3.5 shrink-0" />
          {error}
        </p>
      ) : null}
    </Section>
  )
}

/** Which upload is the music now, or why it is not heard. */
function OwnTrackNote({ id, track }: { id: string; track: ProjectMediaAsset | undefined }) {
  if (track && track.status === 'deleted')
    return (
      <p className="mb-3 flex items-start gap-2 rounded-2xl border border-amber-500/40 p-3 text-xs text-amber-700 dark:text-amber-300">
        <AlertIcon className="mt-px h-3.5 w-3.5 shrink-0" />
        The track you chose was deleted from your library, so the video has no music. Choose another.
      </p>
    )
  if (!track) return null
  return (
    <p className="mb-3 rounded-2xl border border-accent/40 bg-accent/5 p-3 text-sm text-ink" data-music-asset={id}>
      <span className="font-semibold">Your upload: {track.name}</span>
      {track.duration_seconds ? <span className="text-muted"> · {formatClock(track.duration_seconds)}</span> : null}
      {track.status === 'processing' ? (
        <span className="block text-xs text-muted">Still being prepared; the video uses it once it is ready.</span>
      ) : track.status === 'failed' ? (
        <span className="block text-xs text-rose-700 dark:text-rose-400">
          It could not be prepared, so the video has no music. Choose another.
        </span>
      ) : (
        <span className="block text-xs text-muted">Looped or faded to the video’s length.</span>
      )}
    </p>
  )
}

function LibraryTracks({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const music = useQuery(musicQuery)
  if (!music.data)
    return (
      <ListState label="music" isPending={music.isPending} isError={music.isError} retry={() => void music.refetch()} />
    )
  return (
    <OptionList
      name="music_id"
      noun="tracks"
      value={value}
      onChange={onChange}
      options={[
        {
          value: NO_MUSIC,
          title: 'No music',
          icon: (
            <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full border border-dashed border-line text-subtle">
              <span className="block h-0.5 w-4 rotate-45 rounded bg-current" />
            </span>
          ),
        },
        ...music.data.tracks.map((track: MusicTrack) => ({
          value: track.id,
          title: track.title,
          meta: `${capitalize(track.mood)} · ${capitalize(track.genre)} · ${track.bpm} BPM · ${formatClock(track.duration_seconds)}`,
          icon: trackIcon,
          preview: { id: `music:${track.id}`, url: track.audio_url },
        })),
      ]}
    />
  )
}

/** The owner's uploaded tracks: the ready ones to choose from, with how many are still being prepared. */
function OwnTracks({ value, onChange }: { value: string | null; onChange: (id: string) => void }) {
  const tracks = useInfiniteQuery({
    queryKey: ['studio', 'assets', 'audio', ''],
    queryFn: ({ pageParam }) => studioApi.listAssets({ kind: 'audio' }, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  })
  if (!tracks.data)
    return (
      <ListState
        label="your tracks"
        isPending={tracks.isPending}
        isError={tracks.isError}
        retry={() => void tracks.refetch()}
      />
    )
  const all = tracks.data.pages.flatMap((page) => page.assets)
  const ready = all.filter((asset: Asset) => asset.status === 'ready')
  const preparing = all.filter((asset) => asset.status === 'processing').length
  return (
    <div>
      {ready.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line p-4 text-sm">
          <p className="font-semibold text-ink">
            {preparing > 0 ? 'Your tracks are still being prepared.' : 'You have no music in your library yet.'}
          </p>
          <p className="mt-1 text-muted">
            Upload an MP3, M4A, WAV or OGG track on the{' '}
            <Link to="/app/library" className="font-semibold text-accent underline-offset-2 hover:underline">
              <UploadIcon className="mr-1 inline h-3.5 w-3.5" />
              Media library
            </Link>{' '}
            page, then choose it here.
          </p>
        </div>
      ) : (
        <OptionList
          name="music_asset_id"
          noun="tracks"
          value={value ?? ''}
          onChange={onChange}
          options={ready.map((asset) => ({
            value: asset.id,
            title: asset.name,
            meta: [asset.duration_seconds ? formatClock(asset.duration_seconds) : undefined, 'Your upload']
              .filter(Boolean)
              .join(' · '),
            icon: trackIcon,
            ...(asset.url ? { preview: { id: `own:${asset.id}`, url: asset.url } } : {}),
          }))}
        />
      )}
      {ready.length > 0 && preparing > 0 ? (
        <p className="mt-2 text-xs text-muted">
          {preparing === 1 ? 'One more track is' : `${preparing} more tracks are`} still being prepared.
        </p>
      ) : null}
      {tracks.hasNextPage ? (
        <button
          type="button"
          className="mt-2 text-sm font-semibold text-accent underline-offset-2 hover:underline"
          disabled={tracks.isFetchingNextPage}
          onClick={() => void tracks.fetchNextPage()}
        >
          {tracks.isFetchingNextPage ? 'Loading…' : 'Show more of your tracks'}
        </button>
      ) : null}
    </div>
  )
}
