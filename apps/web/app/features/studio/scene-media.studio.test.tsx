// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Asset, AssetKind } from '@storyreel/contracts/assets'
import {
  DEFAULT_PROJECT_SETTINGS,
  type Project,
  type ProjectSettings,
  type Scene,
  type SceneInput,
} from '@storyreel/contracts/studio'

import { storage } from '#app/lib/storage.ts'
import { toasts } from '#app/lib/toast.ts'

import { ProjectStudio } from './project-studio.tsx'
import { mockApi, QueryWrapper, signIn, TRACKS, VOICES } from './studio-test-utils.tsx'

const PROJECT_ID = '5f0c7c1e-2d4b-4e55-8a8e-0d1f4c3b2a10'
const PHOTO_ID = '00000000-0000-4000-8000-0000000000a1'
const CLIP_ID = '00000000-0000-4000-8000-0000000000a2'
const TRACK_ID = '00000000-0000-4000-8000-0000000000a3'

const scene = (n: number): Scene => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  narration: `Narration ${n}`,
  visual: `Visual ${n}`,
  duration: 8,
  seed: n,
})

const project = (scenes: Scene[]): Project => ({
  id: PROJECT_ID,
  title: 'Spring sale',
  status: 'draft',
  style: 'cinematic',
  aspect_ratio: '9:16',
  duration_seconds: scenes.length * 8,
  scene_count: scenes.length,
  thumbnail_url: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  source: { kind: 'script', text: 'The shop opens.' },
  settings: DEFAULT_PROJECT_SETTINGS,
  scenes,
  script_engine: 'offline',
  script_writer: 'offline',
  latest_render: null,
  media_assets: {},
  scene_thumbnails: {},
})

const asset = (overrides: Partial<Asset>): Asset => ({
  id: PHOTO_ID,
  kind: 'image',
  status: 'ready',
  progress: 1,
  error: null,
  name: 'Shop front.jpg',
  size_bytes: 2_400_000,
  width: 3024,
  height: 4032,
  duration_seconds: null,
  thumbnail_url: '/api/v1/media/assets/a1/thumb.webp',
  url: '/api/v1/media/assets/a1/photo.jpg',
  created_at: '2026-11-27T10:00:00.000Z',
  projects: [],
  ...overrides,
})

const LIBRARY: Record<AssetKind, Asset[]> = {
  image: [asset({})],
  video: [
    asset({
      id: CLIP_ID,
      kind: 'video',
      name: 'Pouring coffee.mp4',
      width: 1920,
      height: 1080,
      duration_seconds: 12,
      url: '/api/v1/media/assets/a2/clip.mp4',
    }),
  ],
  audio: [asset({ id: TRACK_ID, kind: 'audio', name: 'Shop jingle.mp3', duration_seconds: 92, thumbnail_url: null })],
}

const USAGE = { used_bytes: 0, quota_bytes: 1_000_000_000, upload_max_bytes: 200_000_000, clip_max_seconds: 180 }

type Patch = { settings?: ProjectSettings; scenes?: SceneInput[] }

const PHOTO_MEDIA = { type: 'photo', asset_id: PHOTO_ID, focus: null, fit: 'auto', camera: 'auto' } as const

/**
 * The studio against a stand-in API that keeps each PATCH and answers with the storyboard it was sent, or
 * with `refusal` when one is given.
 */
function renderStudio(initial: Project, refusal?: { status: number; body: unknown }) {
  const calls = mockApi(({ method, url, body }) => {
    const path = url.pathname
    if (path.endsWith('/voices')) return { body: { voices: VOICES } }
    if (path.endsWith('/music')) return { body: { tracks: TRACKS } }
    if (path.endsWith('/usage'))
      return {
        body: {
          plan: 'free',
          renders_today: 0,
          renders_per_day: 3,
          max_resolution: '720p',
          resets_at: '2026-11-28T00:00:00.000Z',
        },
      }
    if (path.endsWith('/assets')) {
      const kind = (url.searchParams.get('kind') ?? 'image') as AssetKind
      const assets = LIBRARY[kind]
      return { body: { assets, page: 1, page_size: 24, total: assets.length, usage: USAGE } }
    }
    if (method === 'PATCH' && refusal) return refusal
    if (method === 'PATCH') {
      const patch = body as Patch
      const scenes = (patch.scenes ?? []).map((input, index) => ({ ...initial.scenes[index], ...input }) as Scene)
      return { body: { ...initial, settings: patch.settings ?? initial.settings, scenes, lengthened_scenes: [] } }
    }
    return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found.' } }
  })
  const Stub = createRoutesStub([
    {
      path: '/app/projects/:id',
      Component: () => (
        <QueryWrapper>
          <ProjectStudio project={initial} />
        </QueryWrapper>
      ),
    },
  ])
  render(<Stub initialEntries={[`/app/projects/${PROJECT_ID}`]} />)
  /** The body of the first save, once the autosave has sent it. */
  const saved = async () => {
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true), { timeout: 3000 })
    return calls.find((call) => call.method === 'PATCH')?.body as Patch
  }
  return { calls, saved }
}

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
})

describe('the studio’s photos, clips and music from the library', () => {
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('puts a chosen library photo into the scene and saves it as that scene’s media', async () => {
    const user = userEvent.setup()
    const { calls, saved } = renderStudio(project([scene(1), scene(2)]))
    await user.click(screen.getByRole('button', { name: 'Use a photo in scene 1' }))
    const dialog = screen.getByRole('dialog', { name: 'A photo for scene 1', hidden: true })
    await user.click(await within(dialog).findByRole('button', { name: 'Shop front.jpg', hidden: true }))

    const card = screen.getByRole('listitem', { name: 'Scene 1' })
    expect(within(card).getByText('Shop front.jpg')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Back to the drawn picture' })).toBeTruthy()
    const body = await saved()
    expect(body.scenes?.map((item) => item.media)).toEqual([
      { type: 'photo', asset_id: PHOTO_ID, focus: null, fit: 'auto', camera: 'auto' },
      null,
    ])
    expect(calls.find((call) => call.url.pathname.endsWith('/assets'))?.url.searchParams.get('kind')).toBe('image')
  }, 10_000)

  it('“Use my media” fills the scenes in the order chosen, in one save', async () => {
    const user = userEvent.setup()
    const { saved } = renderStudio(project([scene(1), scene(2)]))
    await user.click(screen.getByRole('button', { name: 'Use my media' }))
    const dialog = screen.getByRole('dialog', { name: 'Use my media', hidden: true })
    // A clip first, then a photo: the scenes take them in that order, whatever tab each came from.
    await user.click(within(dialog).getByRole('button', { name: 'Clips', hidden: true }))
    await user.click(await within(dialog).findByRole('button', { name: /^Pouring coffee\.mp4/, hidden: true }))
    await user.click(within(dialog).getByRole('button', { name: 'Photos', hidden: true }))
    await user.click(await within(dialog).findByRole('button', { name: /^Shop front\.jpg/, hidden: true }))
    expect(
      within(dialog)
        .getByRole('button', { name: /^Shop front\.jpg/, hidden: true })
        .getAttribute('aria-label'),
    ).toBe('Shop front.jpg, number 2')
    await user.click(within(dialog).getByRole('button', { name: 'Put them into scenes 1–2', hidden: true }))

    const body = await saved()
    expect(body.scenes?.map((item) => item.media && item.media.type)).toEqual(['clip', 'photo'])
    expect(body.scenes?.[0]?.media).toMatchObject({ asset_id: CLIP_ID, trim_start: 0, trim_end: null, sound: 'muted' })
    expect(toasts.getToasts().at(-1)?.message).toBe('Your media is in scenes 1–2.')
  }, 10_000)

  it('asks before “Use my media” replaces a scene’s own photo, and counts the items beyond the last scene', async () => {
    const user = userEvent.setup()
    const withPhoto = {
      ...project([scene(1)]),
      scenes: [{ ...scene(1), media: PHOTO_MEDIA }],
      media_assets: {
        [PHOTO_ID]: {
          id: PHOTO_ID,
          kind: 'image',
          status: 'ready',
          name: 'Shop front.jpg',
          width: 3024,
          height: 4032,
          duration_seconds: null,
          thumbnail_url: null,
          url: null,
        },
      },
    } satisfies Project
    renderStudio(withPhoto)
    await user.click(screen.getByRole('button', { name: 'Use my media' }))
    const dialog = screen.getByRole('dialog', { name: 'Use my media', hidden: true })
    await user.click(within(dialog).getByRole('button', { name: 'Clips', hidden: true }))
    await user.click(await within(dialog).findByRole('button', { name: /^Pouring coffee\.mp4/, hidden: true }))
    await user.click(within(dialog).getByRole('button', { name: 'Photos', hidden: true }))
    await user.click(await within(dialog).findByRole('button', { name: /^Shop front\.jpg/, hidden: true }))
    await user.click(within(dialog).getByRole('button', { name: 'Put it into scene 1', hidden: true }))

    const confirm = screen.getByRole('dialog', { name: 'Replace the media of some scenes?', hidden: true })
    expect(confirm.textContent).toContain('Scene 1 already shows a photo or clip of its own.')
    await user.click(within(confirm).getByRole('button', { name: 'Replace', hidden: true }))
    expect(within(screen.getByRole('listitem', { name: 'Scene 1' })).getByText('Pouring coffee.mp4')).toBeTruthy()
    expect(toasts.getToasts().at(-1)?.message).toBe(
      'Your media is in scene 1. One item was left out: the storyboard has 1 scene.',
    )
  }, 10_000)

  it('says on the card that a scene’s photo was deleted from the library and the scene is drawn', () => {
    renderStudio({
      ...project([scene(1), scene(2)]),
      scenes: [{ ...scene(1), media: PHOTO_MEDIA }, scene(2)],
      media_assets: {
        [PHOTO_ID]: {
          id: PHOTO_ID,
          kind: 'image',
          status: 'deleted',
          name: 'Shop front.jpg',
          width: null,
          height: null,
          duration_seconds: null,
          thumbnail_url: null,
          url: null,
        },
      },
    })
    const card = screen.getByRole('listitem', { name: 'Scene 1' })
    expect(card.textContent).toContain(
      'The photo this scene used was deleted from your library, so the scene shows the drawn picture.',
    )
    expect(within(card).getByRole('button', { name: 'Choose another photo' })).toBeTruthy()
    // The drawn picture is what shows, so it can be drawn again.
    expect(within(card).getByRole('button', { name: /Re-roll visual/ })).toBeTruthy()
  })

  it('shows a refused save’s message beside the scene’s media it is about', async () => {
    const user = userEvent.setup()
    renderStudio(project([scene(1), scene(2)]), {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: ['/scenes/1/media/asset_id: this photo is not in your library'],
      },
    })
    await user.click(screen.getByRole('button', { name: 'Use a photo in scene 2' }))
    const dialog = screen.getByRole('dialog', { name: 'A photo for scene 2', hidden: true })
    await user.click(await within(dialog).findByRole('button', { name: 'Shop front.jpg', hidden: true }))
    const card = screen.getByRole('listitem', { name: 'Scene 2' })
    expect((await within(card).findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'This photo is not in your library',
    )
    expect(within(screen.getByRole('listitem', { name: 'Scene 1' })).queryByRole('alert')).toBeNull()
  }, 10_000)

  it('makes an uploaded track the music, clearing the library track', async () => {
    const user = userEvent.setup()
    const { saved } = renderStudio({
      ...project([scene(1), scene(2)]),
      settings: { ...DEFAULT_PROJECT_SETTINGS, music_id: 'dawn-run' },
    })
    await user.click(screen.getByText('Video settings'))
    await user.click(screen.getByRole('button', { name: 'My uploads' }))
    await user.click(await screen.findByRole('radio', { name: /Shop jingle\.mp3/ }))
    const body = await saved()
    expect(body.settings).toMatchObject({ music_id: null, music_asset_id: TRACK_ID })
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Music volume' }).disabled).toBe(false)
  }, 10_000)
})
