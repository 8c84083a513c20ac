// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { BrandKit } from '@storyreel/contracts/brand-kit'
import { ALL_OF_THE_BRAND_KIT } from '@storyreel/contracts/studio'

import { BrandChoices } from './brand-choices.tsx'
import { mockApi, QueryWrapper, signIn } from './studio-test-utils.tsx'

const KIT: BrandKit = {
  logo: { asset_id: '00000000-0000-4000-8000-0000000000c1', position: 'top-right', size: 0.16, opacity: 0.9 },
  logo_url: '/api/v1/media/logo.png',
  colours: { primary: '#5b21b6', accent: '#0f766e' },
  font: null,
  opening_card: { enabled: false, headline: '', seconds: 2 },
  closing_card: { enabled: true, call_to_action: 'Visit us on Saturday', contact: '', seconds: 3, voiced: false },
  contrast: [],
  updated_at: '2026-11-29T08:00:00.000Z',
}

/** The kit at /brand-kit and the plan at /usage. */
function serve(kit: BrandKit, plan: 'free' | 'paid' = 'paid') {
  signIn()
  mockApi(({ url }) => (url.pathname.endsWith('/usage') ? { body: { plan } } : { body: kit }))
}

const show = (value: typeof ALL_OF_THE_BRAND_KIT | undefined, onChange = vi.fn()) =>
  render(
    <MemoryRouter>
      <QueryWrapper>
        <BrandChoices value={value} onChange={onChange} />
      </QueryWrapper>
    </MemoryRouter>,
  )

describe('BrandChoices', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('offers a switch for each part the kit has, and switches one off for this project only', async () => {
    serve(KIT)
    const onChange = vi.fn()
    show(ALL_OF_THE_BRAND_KIT, onChange)
    await screen.findByRole('switch', { name: /Logo/ })
    // No font and no opening card in this kit: nothing to switch for them.
    expect(screen.getAllByRole('switch')).toHaveLength(3)
    expect(screen.getByText('In the top right corner')).toBeTruthy()
    expect(screen.getByText('3 s after the last scene: “Visit us on Saturday”')).toBeTruthy()
    fireEvent.click(screen.getByRole('switch', { name: /Closing card/ }))
    expect(onChange).toHaveBeenCalledWith({ ...ALL_OF_THE_BRAND_KIT, closing_card: false })
  })

  it('shows a project made before brand kits with every part off', async () => {
    serve(KIT)
    show(undefined)
    const logo = await screen.findByRole<HTMLInputElement>('switch', { name: /Logo/ })
    expect(logo.checked).toBe(false)
  })

  it('keeps the font off, and says why, on a plan without one', async () => {
    serve({ ...KIT, font: { family: 'Fraunces', format: 'woff2', uploaded_at: '2026-11-01T08:00:00.000Z' } }, 'free')
    show(ALL_OF_THE_BRAND_KIT)
    await screen.findByText('Fraunces comes with Premium; until then the video uses our fonts')
    const font = screen.getByRole<HTMLInputElement>('switch', { name: /Brand font/ })
    expect(font.disabled).toBe(true)
    expect(font.checked).toBe(false)
  })

  it('points to the brand page when the kit has nothing yet', async () => {
    serve({
      ...KIT,
      logo: null,
      logo_url: null,
      closing_card: { ...KIT.closing_card, enabled: false },
      updated_at: null,
    })
    show(undefined)
    expect((await screen.findByRole('link', { name: 'brand kit' })).getAttribute('href')).toBe('/app/brand')
    expect(screen.queryByRole('switch')).toBeNull()
  })
})
