// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Asset, AssetList } from '@storyreel/contracts/assets'
import {
  checkBrandColours,
  getDefaultBrandKit,
  nearestLegibleShade,
  type BrandKit,
  type BrandKitInput,
} from '@storyreel/contracts/brand-kit'

import { mockApi, QueryWrapper, signIn, type Handler } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import BrandRoute from './brand.tsx'

const LOGO_ID = '00000000-0000-4000-8000-0000000000c1'
const PHOTO_ID = '00000000-0000-4000-8000-0000000000c2'

const savedKit = (overrides: Partial<BrandKit> = {}): BrandKit => {
  const kit = { ...getDefaultBrandKit(), updated_at: '2026-11-28T10:00:00.000Z', ...overrides }
  return { ...kit, contrast: checkBrandColours(kit.colours) }
}

const photo: Asset = {
  id: PHOTO_ID,
  kind: 'image',
  status: 'ready',
  progress: 1,
  error: null,
  name: 'Shop front.jpg',
  size_bytes: 240_000,
  width: 800,
  height: 600,
  duration_seconds: null,
  thumbnail_url: '/api/v1/media/assets/u/c2/thumb.webp?s=x',
  url: '/api/v1/media/assets/u/c2/photo.jpg?s=x',
  created_at: '2026-11-27T10:00:00.000Z',
  projects: [],
}

/** The API as the brand page uses it: the kit, the plan, the library's photos; `save` answers PUT /brand-kit. */
function brandApi({
  kit = savedKit(),
  plan = 'paid',
  save,
}: {
  kit?: BrandKit
  plan?: 'free' | 'paid'
  save?: (body: BrandKitInput) => ReturnType<Handler>
}) {
  return mockApi(({ method, url, body }) => {
    if (url.pathname === '/api/v1/brand-kit' && method === 'GET') return { body: kit }
    if (url.pathname === '/api/v1/brand-kit' && method === 'PUT')
      return save?.(body as BrandKitInput) ?? { body: savedKit() }
    if (url.pathname === '/api/v1/usage')
      return {
        body: {
          plan,
          renders_today: 0,
          renders_per_day: 3,
          max_resolution: '720p',
          resets_at: '2026-11-29T00:00:00.000Z',
        },
      }
    if (url.pathname === '/api/v1/assets') {
      const list: AssetList = {
        assets: [photo],
        page: 1,
        page_size: 24,
        total: 1,
        usage: { used_bytes: 0, quota_bytes: 1e9, upload_max_bytes: 2e8, clip_max_seconds: 180 },
      }
      return { body: list }
    }
    return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' } }
  })
}

function renderBrand() {
  const Stub = createRoutesStub([
    {
      path: '/app/brand',
      Component: () => (
        <QueryWrapper>
          <BrandRoute />
        </QueryWrapper>
      ),
    },
  ])
  return render(<Stub initialEntries={['/app/brand']} />)
}

describe('/app/brand', () => {
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
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('loads the kit: its logo in the preview, its colours passing, its cards and its font', async () => {
    brandApi({
      kit: savedKit({
        logo: { asset_id: LOGO_ID, position: 'bottom-left', size: 0.2, opacity: 0.8 },
        logo_url: '/api/v1/media/brand/logo.png?s=x',
        font: { family: 'Rosa Serif', format: 'woff2', uploaded_at: '2026-11-28T10:00:00.000Z' },
        opening_card: { enabled: true, headline: 'Rosa’s Flowers', seconds: 2.5 },
      }),
    })
    renderBrand()
    expect(screen.getByRole('status', { name: 'Loading your brand kit' })).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 2, name: 'Logo' })).toBeTruthy()

    const preview = screen.getByRole('img', { name: /Preview of a 9:16 video frame/ })
    expect(preview.getAttribute('aria-label')).toContain(
      'bottom left corner, 20 % of the shorter side wide, 80 % opaque',
    )
    expect(within(preview).getByTestId('brand-preview-logo').getAttribute('src')).toBe(
      '/api/v1/media/brand/logo.png?s=x',
    )
    expect(screen.getByRole('radio', { name: 'Bottom left' })).toHaveProperty('checked', true)
    expect(screen.getByRole('slider', { name: 'Size' }).getAttribute('aria-valuetext')).toBe('20 %')

    expect(screen.getByLabelText<HTMLInputElement>('Primary colour').value).toBe('#5b21b6')
    expect(screen.queryByText('too light to read')).toBeNull()
    expect(screen.getAllByText('easy to read')).toHaveLength(3)

    expect(screen.getByTestId('brand-font-family').textContent).toBe('Rosa Serif')
    expect(await screen.findByRole('button', { name: 'Replace font' })).toBeTruthy()
    expect(screen.getByRole('switch', { name: /Start each video with it/ })).toHaveProperty('checked', true)
    expect(screen.getByLabelText<HTMLInputElement>('Headline').value).toBe('Rosa’s Flowers')
    expect(screen.getByText('14 / 60 characters')).toBeTruthy()
    expect(screen.getByTestId('save-status').textContent).toBe('Saved')
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true)
  })

  it('warns about a pale accent and applies the nearest legible shade it offers', async () => {
    const user = userEvent.setup()
    brandApi({})
    renderBrand()
    const accent = await screen.findByLabelText<HTMLInputElement>('Accent colour')
    await user.clear(accent)
    await user.type(accent, '38BDF8')

    const checks = screen.getByRole('list', { name: 'Accent colour contrast checks' })
    expect(checks.textContent).toContain('needs 4.5\u00a0:\u00a01, too light to read')
    const suggestion = nearestLegibleShade('#38bdf8', 4.5) ?? ''
    expect(suggestion).toMatch(/^#[0-9a-f]{6}$/)
    expect(screen.getByText(/White words on #38BDF8 are hard to read/)).toBeTruthy()
    expect(screen.getByRole('img', { name: /highlighted in #38bdf8/ })).toBeTruthy()
    expect(screen.getByTestId('save-status').textContent).toBe('Unsaved changes')

    await user.click(screen.getByRole('button', { name: `Use ${suggestion.toUpperCase()}` }))
    expect(accent.value).toBe(suggestion)
    expect(checks.textContent).toContain('easy to read')
    expect(screen.queryByRole('button', { name: /^Use #/ })).toBeNull()
    expect(screen.getByRole('img', { name: new RegExp(`highlighted in ${suggestion}`) })).toBeTruthy()
  })

  it('saves the whole kit with the cards, the colours and the logo’s place, and says it is saved', async () => {
    const user = userEvent.setup()
    const sent: BrandKitInput[] = []
    brandApi({
      kit: savedKit({
        logo: { asset_id: LOGO_ID, position: 'top-right', size: 0.16, opacity: 0.9 },
        logo_url: '/api/v1/media/brand/logo.png?s=x',
      }),
      save: (body) => {
        sent.push(body)
        return {
          body: savedKit({
            logo: { asset_id: LOGO_ID, position: 'bottom-right', size: 0.16, opacity: 0.9 },
            logo_url: '/api/v1/media/brand/logo.png?s=y',
            colours: { primary: '#1d4ed8', accent: '#0f766e' },
            closing_card: {
              enabled: true,
              call_to_action: 'Book a table',
              contact: 'rosas.example',
              seconds: 3,
              voiced: true,
            },
          }),
        }
      },
    })
    renderBrand()
    await user.click(await screen.findByRole('radio', { name: 'Bottom right' }))
    const primary = screen.getByLabelText<HTMLInputElement>('Primary colour')
    await user.clear(primary)
    await user.type(primary, '#1D4ED8')
    await user.click(screen.getByRole('switch', { name: /End each video with it/ }))
    // The preview follows the card being edited.
    expect(screen.getByRole('img', { name: /Preview of the closing card on #1d4ed8/ })).toBeTruthy()
    await user.type(screen.getByLabelText('Call to action'), ' Book a table ')
    await user.type(screen.getByLabelText('Web address or phone number'), 'rosas.example')
    await user.click(screen.getByRole('switch', { name: /Read the closing card aloud/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Saved')).toBeTruthy()
    expect(sent).toEqual([
      {
        logo: { asset_id: LOGO_ID, position: 'bottom-right', size: 0.16, opacity: 0.9 },
        colours: { primary: '#1d4ed8', accent: '#0f766e' },
        opening_card: { enabled: false, headline: '', seconds: 2 },
        closing_card: {
          enabled: true,
          call_to_action: 'Book a table',
          contact: 'rosas.example',
          seconds: 3,
          voiced: true,
        },
      },
    ])
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true)
    expect(screen.getByLabelText<HTMLInputElement>('Call to action').value).toBe('Book a table')
  })

  it('holds back a closing card without its words, and takes focus to the field', async () => {
    const user = userEvent.setup()
    const calls = brandApi({})
    renderBrand()
    await user.click(await screen.findByRole('switch', { name: /End each video with it/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const field = screen.getByLabelText('Call to action')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Write what viewers should do next, or turn the closing card off.')).toBeTruthy()
    expect(document.activeElement).toBe(field)
    expect(screen.getByTestId('save-status').textContent).toBe('Not saved: see the marked fields above.')
    expect(calls.some((call) => call.method === 'PUT')).toBe(false)
  })

  it('shows the API’s refusal of a JPEG logo beside the logo', async () => {
    const user = userEvent.setup()
    // A refused save is logged by the query helper; the page shows it.
    const logged = vi.mocked(console.error).mockImplementation(() => undefined)
    const message =
      'A logo must be a PNG or WebP image (they keep a transparent background). Upload your logo as one of those.'
    brandApi({
      save: () => ({
        status: 422,
        body: { statusCode: 422, error: 'Unprocessable Entity', code: 'LOGO_FORMAT', message },
      }),
    })
    renderBrand()
    await user.click(await screen.findByRole('button', { name: 'Choose from library' }))
    const dialog = screen.getByRole('dialog', { name: 'Choose your logo' })
    await user.click(await within(dialog).findByRole('button', { name: 'Shop front.jpg' }))
    expect(screen.getByText('Shop front.jpg')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const logo = screen.getByRole('region', { name: 'Logo' })
    expect((await within(logo).findByRole('alert')).textContent).toBe(message)
    expect(screen.getByTestId('save-status').textContent).toBe('Not saved: see the marked fields above.')
    expect(document.activeElement).toBe(within(logo).getByRole('button', { name: 'Upload a logo' }))
    expect(logged).toHaveBeenCalled()
  })

  it('tells a free account its own font comes with a paid plan, instead of offering the upload', async () => {
    brandApi({ plan: 'free' })
    renderBrand()
    expect(await screen.findByText('Your own font comes with a paid plan.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing')
    expect(screen.queryByRole('button', { name: 'Upload a font' })).toBeNull()
  })

  it('asks before leaving with unsaved changes, and stays when asked to', async () => {
    const user = userEvent.setup()
    brandApi({ plan: 'free' })
    renderBrand()
    await user.click(await screen.findByRole('switch', { name: /Start each video with it/ }))
    await user.click(screen.getByRole('link', { name: 'See plans' }))
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Brand kit' })).toBeTruthy()
    expect(screen.getByTestId('save-status').textContent).toBe('Unsaved changes')
  })

  it('offers to try again when the kit cannot be loaded', async () => {
    const user = userEvent.setup()
    vi.mocked(console.error).mockImplementation(() => undefined)
    let fail = true
    mockApi(({ url }) =>
      url.pathname === '/api/v1/brand-kit'
        ? fail
          ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', code: 'X', message: 'Down' } }
          : { body: savedKit() }
        : { body: { plan: 'paid' } },
    )
    renderBrand()
    expect((await screen.findByRole('alert')).textContent).toContain('Your brand kit could not be loaded.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Colours' })).toBeTruthy()
  })
})
