// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub, useParams } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { DEFAULT_PROJECT_SETTINGS } from '@storyreel/contracts/studio'

import { BRAND_KIT, mockApi, QueryWrapper, signIn, TRACKS, VOICES } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import CreateRoute from './create.tsx'

const PROJECT_ID = '5f0c7c1e-2d4b-4e55-8a8e-0d1f4c3b2a10'
const SPANISH = 'Cada mañana, Lucía abre su pequeña floristería en Sevilla.'
const LUCIA = {
  ...VOICES[0],
  id: 'es-es-lucia',
  name: 'Lucía',
  language: 'es-ES',
  language_label: 'Spanish (Spain)',
  gender: 'female',
  description: 'Robotic synthetic voice · Spanish (Spain) · female',
  preview_url: '/api/v1/voices/es-es-lucia/preview',
} as (typeof VOICES)[number]

/** A kit with both cards on: 2 s before the scenes and 3 s after them. */
const BRAND_KIT_WITH_CARDS = { ...BRAND_KIT, opening_card: { enabled: true, headline: 'Rosa’s Flowers', seconds: 2 } }

/** The source check of an English prompt that names a length (`asked` seconds, 90 at the most). */
const englishPromptOf = (phrase: string, asked: number) => ({
  language: 'en',
  language_confident: true,
  voice_id: 'en-us-flite-rms',
  prompt_length: { phrase, asked_seconds: asked, seconds: Math.min(asked, 90) },
})

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
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/projects')
    expect(post?.body).toEqual({
      source: { kind: 'script', text: 'The storm came. Mara climbed.' },
      settings: {
        ...DEFAULT_PROJECT_SETTINGS,
        style: 'anime',
        aspect_ratio: '16:9',
        voice_id: 'en-gb-oliver',
        music_id: 'quiet-harbour',
        captions: { enabled: true, style: 'bold' },
        language: 'en',
      },
    })
    // The form is large, and jsdom is slow with it on a busy 2-core machine.
  }, 15_000)

  it('says what a prompt’s draft will be and what it cannot know, never how the server is set up', async () => {
    const user = userEvent.setup()
    let writer = 'offline'
    mockApi(({ url }) => {
      if (url.pathname.endsWith('/config')) return { body: { studio: { script_writer: writer } } }
      return url.pathname.endsWith('/voices') ? { body: { voices: VOICES } } : { body: { tracks: TRACKS } }
    })
    const { unmount } = renderCreate()
    const info = await screen.findByTestId('script-writer-info')
    expect(info.textContent).toContain('You get a first draft to edit')
    expect(info.textContent).toContain('marks where your own words go')
    expect(document.body.textContent).not.toMatch(/_URL|on the server|offline writer|hosted/i)
    await user.click(screen.getByRole('radio', { name: 'Full script' }))
    expect(screen.getByTestId('script-writer-info').textContent).toContain('up to 1.5 times the length you choose')
    unmount()

    writer = 'hosted'
    renderCreate()
    expect((await screen.findByTestId('script-writer-info')).textContent).toContain(
      'An AI writer drafts this storyboard.',
    )
  }, 15_000)

  it('shows the language found, picks its voice, and warns when a voice of another language is chosen', async () => {
    const user = userEvent.setup()
    const calls = mockApi(({ method, url, body }) => {
      if (url.pathname.endsWith('/voices')) return { body: { voices: [...VOICES, LUCIA] } }
      if (url.pathname.endsWith('/music')) return { body: { tracks: TRACKS } }
      if (url.pathname.endsWith('/source-check')) {
        const spanish = JSON.stringify(body).includes('Lucía')
        return {
          body: {
            language: spanish ? 'es' : 'en',
            language_confident: true,
            voice_id: spanish ? 'es-es-lucia' : 'en-us-flite-rms',
            prompt_length: null,
          },
        }
      }
      if (method === 'POST' && url.pathname.endsWith('/projects')) return { status: 201, body: { id: PROJECT_ID } }
      return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'x' } }
    })
    renderCreate()
    await user.click(screen.getByRole('radio', { name: 'Full script' }))
    await user.click(screen.getByRole('textbox', { name: /paste your narration/i }))
    await user.paste(SPANISH)

    expect(await screen.findByText('Spanish, detected from your words', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' }).value).toBe('es')
    const voices = screen.getByRole('group', { name: 'Voice' })
    expect(within(voices).getByRole<HTMLInputElement>('radio', { name: /Lucía/ }).checked).toBe(true)
    expect(screen.getByTestId('voice-language-warning').textContent).toBe('')

    await user.click(within(voices).getByRole('radio', { name: /Ryan/ }))
    const warning = screen.getByTestId('voice-language-warning')
    expect(warning.textContent).toContain(
      'This voice speaks English; your script is in Spanish. Choose a Spanish voice.',
    )
    await user.click(within(warning).getByRole('button', { name: 'Use Lucía (Spanish)' }))
    expect(within(voices).getByRole<HTMLInputElement>('radio', { name: /Lucía/ }).checked).toBe(true)

    // A wrong guess is the user's to change; a voice they chose stays theirs.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'pt')
    expect(screen.getByText('Portuguese, as you chose')).toBeTruthy()
    expect(screen.getByTestId('voice-language-warning').textContent).toContain('your script is in Portuguese')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es')
    await user.click(screen.getByRole('button', { name: 'Create storyboard' }))
    expect(await screen.findByText(`Studio for ${PROJECT_ID}`)).toBeTruthy()
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/projects')
    expect(post?.body).toMatchObject({ settings: { language: 'es', voice_id: 'es-es-lucia' } })
  }, 15_000)

  it('takes a prompt’s length as it says by default, and can be told another', async () => {
    const user = userEvent.setup()
    const calls = mockApi(({ method, url }) => {
      if (url.pathname.endsWith('/config')) return { body: { studio: { script_writer: 'offline' } } }
      if (url.pathname.endsWith('/voices')) return { body: { voices: VOICES } }
      if (url.pathname.endsWith('/music')) return { body: { tracks: TRACKS } }
      if (url.pathname.endsWith('/source-check')) return { body: englishPromptOf('2 minute', 120) }
      if (method === 'POST' && url.pathname.endsWith('/projects')) return { status: 201, body: { id: PROJECT_ID } }
      return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'x' } }
    })
    renderCreate()
    await user.click(screen.getByRole('textbox', { name: /describe the video/i }))
    await user.paste('a 2 minute documentary about bees')
    const fromPrompt = screen.getByRole<HTMLInputElement>('radio', { name: /As the prompt says/ })
    expect(fromPrompt.checked).toBe(true)
    expect(
      await screen.findByText(
        'Your prompt asks for 2 minutes (“2 minute”); a video lasts at most 90 s, so 90 s.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy()
    expect(screen.getByText(/^90 s · 9:16/)).toBeTruthy()
    await user.click(screen.getByRole('radio', { name: /Choose the length/ }))
    expect(screen.getByRole('slider', { name: 'Target length' })).toBeTruthy()
    expect(screen.getByText(/^30 s · 9:16/)).toBeTruthy()
    await user.click(screen.getByRole('radio', { name: /As the prompt says/ }))
    expect(screen.queryByRole('slider', { name: 'Target length' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create storyboard' }))
    await screen.findByText(`Studio for ${PROJECT_ID}`)
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/projects')
    expect(post?.body).toMatchObject({ length_from_prompt: true, settings: { target_seconds: 30 } })
  }, 15_000)

  it('counts the brand kit’s cards in the length, and says the scenes make room for them', async () => {
    const user = userEvent.setup()
    mockApi(({ url }) => {
      if (url.pathname.endsWith('/voices')) return { body: { voices: VOICES } }
      if (url.pathname.endsWith('/music')) return { body: { tracks: TRACKS } }
      if (url.pathname.endsWith('/brand-kit')) return { body: BRAND_KIT_WITH_CARDS }
      if (url.pathname.endsWith('/source-check')) return { body: englishPromptOf('90 second', 90) }
      return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'x' } }
    })
    renderCreate()
    await user.click(screen.getByRole('textbox', { name: /describe the video/i }))
    await user.paste('a 90 second ad for a flower shop')
    expect(await screen.findByText(/^85 s \+ 5 s brand cards · 9:16/, {}, { timeout: 3000 })).toBeTruthy()
    expect(
      screen.getByText('Your brand’s cards take 5 s, so the scenes are written to 85 s and the video keeps to 90 s.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('radio', { name: /Choose the length/ }))
    expect(screen.getByText(/^30 s \+ 5 s brand cards · 9:16/)).toBeTruthy()
    expect(screen.queryByText(/the scenes are written to/)).toBeNull()
  }, 15_000)

  it('says before sending that a prompt in another language gets no draft, and sends nothing', async () => {
    const user = userEvent.setup()
    const calls = mockApi(({ url }) => {
      if (url.pathname.endsWith('/config')) return { body: { studio: { script_writer: 'offline' } } }
      if (url.pathname.endsWith('/voices')) return { body: { voices: [...VOICES, LUCIA] } }
      if (url.pathname.endsWith('/source-check')) {
        return { body: { language: 'es', language_confident: true, voice_id: 'es-es-lucia', prompt_length: null } }
      }
      return { body: { tracks: TRACKS } }
    })
    renderCreate()
    await user.click(screen.getByRole('textbox', { name: /describe the video/i }))
    await user.paste('Un anuncio para mi floristería en Sevilla, con rosas y girasoles')
    const note = await screen.findByTestId('prompt-language-note', {}, { timeout: 3000 })
    expect(note.textContent).toContain(
      'This prompt is in Spanish, and the first-draft writer here writes in English only.',
    )
    expect(note.textContent).toContain('a script in Spanish is pictured and voiced in Spanish')
    await user.click(screen.getByRole('button', { name: 'Create storyboard' }))
    expect(screen.getByRole('alert').textContent).toContain('writes in English only')
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/v1/projects')).toBe(false)
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

  it('starts from a template: its settings fill the form, its scenes show, and the storyboard is laid out from it', async () => {
    const user = userEvent.setup()
    const template = {
      id: 'builtin-real-estate-listing',
      kind: 'builtin',
      name: 'Real-estate listing',
      description: 'A home room by room.',
      settings: {
        ...DEFAULT_PROJECT_SETTINGS,
        style: 'realistic',
        aspect_ratio: '16:9',
        target_seconds: 15,
        voice_id: 'en-gb-oliver',
        music_id: 'dawn-run',
        captions: { enabled: true, style: 'boxed' },
        language: 'en',
      },
      scenes: [
        { narration: '[In your own words, about 12 words: the address and the price]', visual: 'A house', duration: 6 },
        { narration: '[In your own words, about 14 words: the living room]', visual: 'A living room', duration: 9 },
      ],
      with_words: false,
      still_url: '/api/v1/templates/builtin-real-estate-listing/still',
      created_at: null,
      updated_at: null,
    }
    const calls = mockApi(({ method, url }) => {
      if (url.pathname.endsWith('/voices')) return { body: { voices: VOICES } }
      if (url.pathname.endsWith('/music')) return { body: { tracks: TRACKS } }
      if (url.pathname.endsWith('/templates')) return { body: { templates: [template], own: { count: 0, limit: 3 } } }
      if (method === 'POST' && url.pathname.endsWith('/projects')) return { status: 201, body: { id: PROJECT_ID } }
      return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'x' } }
    })
    renderCreate()

    const card = await screen.findByRole('button', { name: /Real-estate listing/ })
    expect(within(card).getByText('0:15 · 16:9 · 2 scenes')).toBeTruthy()
    await user.click(card)
    expect(card.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('heading', { name: 'From the template “Real-estate listing”' })).toBeTruthy()
    const scenes = screen.getByRole('list', { name: 'The scenes of Real-estate listing' })
    expect(
      within(scenes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 · 0:06Your words: the address and the price', '2 · 0:09Your words: the living room'])
    // Its look and sound are the form's now, and stay the user's to change.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /16:9/ }).checked).toBe(true)
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Boxed' }).checked).toBe(true)
    await user.click(screen.getByRole('radio', { name: /Anime/ }))
    expect(screen.queryByRole('textbox', { name: /describe the video/i })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create storyboard' }))

    expect(await screen.findByText(`Studio for ${PROJECT_ID}`)).toBeTruthy()
    const post = calls.find((call) => call.method === 'POST')
    expect(post?.url.pathname).toBe('/api/v1/templates/builtin-real-estate-listing/projects')
    expect(post?.body).toEqual({ settings: { ...template.settings, style: 'anime' } })
  }, 15_000)
})
