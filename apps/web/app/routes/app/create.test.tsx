// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub, useParams } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS } from '@storyreel/contracts/studio'

import { mockApi, QueryWrapper, signIn, TRACKS, VOICES } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import CreateRoute from './create.tsx'

const PROJECT_ID = '5f0c7c1e-2d4b-4e55-8a8e-0d1f4c3b2a10'

function renderCreate(path = '/app/create') {
  const Stub = createRoutesStub([
    {
      path: '/app/create',
      Component: () => (
        <QueryWrapper>
          <CreateRoute />
        </QueryWrapper>
      ),
    },
    { path: '/app/projects/:id', Component: () => <p>Studio for {useParams().id}</p> },
  ])
  return render(<Stub initialEntries={[path]} />)
}

describe('/app/create', () => {
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('sends the script and every chosen setting, then opens the new project', async () => {
    const user = userEvent.setup()
    const calls = mockApi(({ method, url }) => {
      if (url.pathname.endsWith('/voices')) return { body: { voices: VOICES } }
      if (url.pathname.endsWith('/music')) return { body: { tracks: TRACKS } }
      if (method === 'POST' && url.pathname.endsWith('/projects')) return { status: 201, body: { id: PROJECT_ID } }
      return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'x' } }
    })
    renderCreate('/app/create?music=quiet-harbour')

    await user.click(screen.getByRole('radio', { name: 'Full script' }))
    await user.click(screen.getByRole('textbox', { name: /paste your narration/i }))
    await user.paste('The storm came. Mara climbed.')
    expect(screen.getByText('29 / 6,000 characters')).toBeTruthy()
    await user.click(screen.getByRole('radio', { name: /Anime/ }))
    await user.click(screen.getByRole('radio', { name: /16:9/ }))
    await user.click(await screen.findByRole('radio', { name: /Oliver/ }))
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Quiet Harbour/ }).checked).toBe(true)
    await user.click(screen.getByRole('radio', { name: 'Bold pop' }))
    await user.click(screen.getByRole('button', { name: 'Create storyboard' }))

    expect(await screen.findByText(`Studio for ${PROJECT_ID}`)).toBeTruthy()
    const post = calls.find((call) => call.method === 'POST')
    expect(post?.url.pathname).toBe('/api/v1/projects')
    expect(post?.body).toEqual({
      source: { kind: 'script', text: 'The storm came. Mara climbed.' },
      settings: {
        ...DEFAULT_PROJECT_SETTINGS,
        style: 'anime',
        aspect_ratio: '16:9',
        voice_id: 'en-gb-oliver',
        music_id: 'quiet-harbour',
        captions: { enabled: true, style: 'bold' },
      },
    })
    // The form is large, and jsdom is slow with it on a busy 2-core machine.
  }, 15_000)

  it('says which writer drafts a prompt, what it cannot know, and what a hosted writer would add', async () => {
    const user = userEvent.setup()
    let writer = 'offline'
    mockApi(({ url }) => {
      if (url.pathname.endsWith('/config')) return { body: { studio: { script_writer: writer } } }
      return url.pathname.endsWith('/voices') ? { body: { voices: VOICES } } : { body: { tracks: TRACKS } }
    })
    const { unmount } = renderCreate()
    const info = await screen.findByTestId('script-writer-info')
    expect(info.textContent).toContain('The offline writer drafts this storyboard')
    expect(info.textContent).toContain('marks where your own words go')
    expect(info.textContent).toContain('SCRIPT_API_URL')
    await user.click(screen.getByRole('radio', { name: 'Full script' }))
    expect(screen.getByTestId('script-writer-info').textContent).toContain('up to 1.5 times the length you choose')
    unmount()

    writer = 'hosted'
    renderCreate()
    expect((await screen.findByTestId('script-writer-info')).textContent).toContain(
      'A hosted AI writer drafts this storyboard.',
    )
  }, 15_000)

  it('asks for a few words before sending anything', async () => {
    const user = userEvent.setup()
    const calls = mockApi(({ url }) =>
      url.pathname.endsWith('/voices') ? { body: { voices: VOICES } } : { body: { tracks: TRACKS } },
    )
    renderCreate()
    await user.click(screen.getByRole('button', { name: 'Create storyboard' }))
    expect(screen.getByRole('alert').textContent).toBe('Write at least a few words.')
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('lists five tracks and the chosen one until Show all, and playing a track chooses it', async () => {
    const user = userEvent.setup()
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const tracks = Array.from({ length: 8 }, (_, index) => ({
      ...TRACKS[0],
      id: `track-${index}`,
      title: `Track ${index}`,
    })) as typeof TRACKS
    mockApi(({ url }) => (url.pathname.endsWith('/voices') ? { body: { voices: VOICES } } : { body: { tracks } }))
    renderCreate('/app/create?music=track-7')

    await screen.findByRole('radio', { name: /^Track 7/ })
    const music = screen.getByRole('group', { name: 'Music' })
    const shown = () =>
      within(music)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value)
    expect(shown()).toEqual(['', 'track-0', 'track-1', 'track-2', 'track-3', 'track-7'])
    // The play buttons leave the Tab order to the radio group; a click plays and chooses.
    const playTrack2 = within(music).getByRole('button', { name: 'Play preview of Track 2' })
    expect(playTrack2.tabIndex).toBe(-1)
    await user.click(playTrack2)
    expect(play).toHaveBeenCalledOnce()
    expect(within(music).getByRole<HTMLInputElement>('radio', { name: /^Track 2/ }).checked).toBe(true)

    await user.click(within(music).getByRole('button', { name: /Show all 9 tracks/ }))
    expect(shown()).toHaveLength(9)
    expect(within(music).getByRole('button', { name: 'Show fewer tracks' }).getAttribute('aria-expanded')).toBe('true')
  }, 15_000)
})
