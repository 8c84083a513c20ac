// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { mockApi, QueryWrapper, signIn, TRACKS } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import MusicRoute from './music.tsx'

function renderMusic() {
  const Stub = createRoutesStub([
    {
      path: '/app/music',
      Component: () => (
        <QueryWrapper>
          <MusicRoute />
        </QueryWrapper>
      ),
    },
  ])
  return render(<Stub initialEntries={['/app/music']} />)
}

describe('/app/music', () => {
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('asks the API for the chosen mood, genre and search, and links a track to a new video', async () => {
    const user = userEvent.setup()
    // The stand-in filters as the API does, so the list on screen follows the query.
    const calls = mockApi(({ url }) => {
      const mood = url.searchParams.get('mood')
      const genre = url.searchParams.get('genre')
      const q = url.searchParams.get('q')?.toLowerCase()
      return {
        body: {
          tracks: TRACKS.filter(
            (track) =>
              (!mood || track.mood === mood) &&
              (!genre || track.genre === genre) &&
              (!q || track.title.toLowerCase().includes(q)),
          ),
        },
      }
    })
    renderMusic()
    const tracks = await screen.findByRole('list', { name: 'Tracks' })
    expect(within(tracks).getAllByRole('listitem')).toHaveLength(2)

    await user.click(within(screen.getByRole('group', { name: 'Mood' })).getByRole('button', { name: 'calm' }))
    await screen.findByText('Quiet Harbour')
    await vi.waitFor(() => expect(screen.queryByText('Dawn Run')).toBeNull())
    expect(calls.at(-1)?.url.search).toBe('?mood=calm')

    await user.click(within(screen.getByRole('group', { name: 'Genre' })).getByRole('button', { name: 'electronic' }))
    expect(await screen.findByText('No track matches these filters.')).toBeTruthy()
    expect(calls.at(-1)?.url.search).toBe('?mood=calm&genre=electronic')

    await user.click(screen.getByRole('button', { name: 'Clear the filters' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search music' }), 'dawn')
    await vi.waitFor(() => expect(calls.at(-1)?.url.search).toBe('?q=dawn'))
    await vi.waitFor(() => expect(screen.queryByText('Quiet Harbour')).toBeNull())
    expect(screen.getByRole('link', { name: 'Use Dawn Run in a new video' }).getAttribute('href')).toBe(
      '/app/create?music=dawn-run',
    )
    expect(screen.getByRole('button', { name: 'Play preview of Dawn Run' })).toBeTruthy()
  })
})
