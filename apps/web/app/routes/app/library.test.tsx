// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Asset, AssetList } from '@storyreel/contracts/assets'

import { mockApi, QueryWrapper, signIn } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import LibraryRoute from './library.tsx'

const asset = (overrides: Partial<Asset>): Asset => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'image',
  status: 'ready',
  progress: 1,
  error: null,
  name: 'Shop front.jpg',
  size_bytes: 2_400_000,
  width: 3024,
  height: 4032,
  duration_seconds: null,
  thumbnail_url: null,
  url: '/api/v1/media/assets/u/a/photo.jpg?s=x',
  created_at: '2026-11-27T10:00:00.000Z',
  projects: [],
  ...overrides,
})

const USAGE = {
  used_bytes: 120_000_000,
  quota_bytes: 1_000_000_000,
  upload_max_bytes: 200_000_000,
  clip_max_seconds: 180,
}

function renderLibrary() {
  const Stub = createRoutesStub([
    {
      path: '/app/library',
      Component: () => (
        <QueryWrapper>
          <LibraryRoute />
        </QueryWrapper>
      ),
    },
  ])
  return render(<Stub initialEntries={['/app/library']} />)
}

describe('/app/library', () => {
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('shows the space used, each file with its facts, and asks the API for the chosen kind', async () => {
    const user = userEvent.setup()
    const list: AssetList = {
      assets: [
        asset({}),
        asset({
          id: '00000000-0000-4000-8000-0000000000a2',
          kind: 'video',
          status: 'processing',
          progress: 0.42,
          name: 'IMG_2041.MOV',
          size_bytes: 48_000_000,
          width: 1080,
          height: 1920,
          duration_seconds: 42,
          url: null,
        }),
      ],
      page: 1,
      page_size: 40,
      total: 2,
      usage: USAGE,
    }
    const calls = mockApi(({ url }) => ({
      body: url.searchParams.get('kind') === 'audio' ? { ...list, assets: [], total: 0 } : list,
    }))
    renderLibrary()
    const files = await screen.findByRole('list', { name: 'Your files' })
    expect(screen.getByRole('meter', { name: 'Library space used' }).getAttribute('aria-valuetext')).toBe(
      '120 MB of 1 GB',
    )
    const [photo, clip] = within(files).getAllByRole('listitem')
    expect(photo?.textContent).toContain('2.4 MB · 3024 × 4032')
    expect(clip?.textContent).toContain('48 MB · 1080 × 1920 · 0:42')
    expect(
      within(clip as HTMLElement)
        .getByRole('progressbar', { name: 'Preparing IMG_2041.MOV' })
        .getAttribute('aria-valuenow'),
    ).toBe('42')

    await user.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Music' }))
    expect(await screen.findByText('Nothing here matches.')).toBeTruthy()
    expect(calls.at(-1)?.url.searchParams.get('kind')).toBe('audio')
  })

  it('names the projects that use a file before deleting it', async () => {
    // jsdom has <dialog> without its modal methods.
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true
    }
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.open = false
    }
    const user = userEvent.setup()
    let assets = [asset({ projects: [{ id: '00000000-0000-4000-8000-0000000000b1', title: 'Spring sale' }] })]
    const calls = mockApi(({ method }) => {
      if (method === 'DELETE') {
        assets = []
        return { status: 204 }
      }
      return { body: { assets, page: 1, page_size: 40, total: assets.length, usage: USAGE } }
    })
    renderLibrary()
    await user.click(await screen.findByRole('button', { name: 'Delete Shop front.jpg' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Shop front.jpg”?', hidden: true })
    expect(dialog.textContent).toContain('Spring sale')
    await user.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }))
    expect(await screen.findByText('Your library is empty.')).toBeTruthy()
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(
      '/api/v1/assets/00000000-0000-4000-8000-0000000000a1',
    )
  })
})
