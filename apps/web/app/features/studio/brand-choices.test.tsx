// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { BrandKit } from '@storyreel/contracts/brand-kit'
import { ALL_OF_THE_BRAND_KIT, DEFAULT_PROJECT_SETTINGS } from '@storyreel/contracts/studio'

import { BrandChoices, describeColourUse } from './brand-choices.tsx'
import { BRAND_KIT, mockApi, QueryWrapper, signIn } from './studio-test-utils.tsx'

const KIT = BRAND_KIT

/** The kit at /brand-kit and the plan at /usage. */
function serve(kit: BrandKit, plan: 'free' | 'paid' = 'paid') {
  signIn()
  mockApi(({ url }) => (url.pathname.endsWith('/usage') ? { body: { plan } } : { body: kit }))
}

const show = (
  value: typeof ALL_OF_THE_BRAND_KIT | undefined,
  onChange = vi.fn(),
  captions = DEFAULT_PROJECT_SETTINGS.captions,
) =>
  render(
    <MemoryRouter>
      <QueryWrapper>
        <BrandChoices value={value} captions={captions} onChange={onChange} />
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

  it('says where the colours show for the captions chosen, and that a card read aloud may last longer', async () => {
    serve({ ...KIT, closing_card: { ...KIT.closing_card, voiced: true } })
    show(ALL_OF_THE_BRAND_KIT, vi.fn(), { enabled: true, style: 'boxed' })
    const colours = await screen.findByRole('switch', { name: /Brand colours/ })
    expect(colours.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Your primary fills the plate behind the captions and the cards')).toBeTruthy()
    expect(
      screen.getByText('3 s after the last scene (longer if the voice needs it): “Visit us on Saturday”'),
    ).toBeTruthy()
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

describe('describeColourUse', () => {
  it('names the colour each caption style takes, and the cards when the kit has one', () => {
    expect(describeColourUse({ enabled: true, style: 'karaoke' }, true)).toBe(
      'Your accent highlights the spoken word in the captions; your primary fills the cards',
    )
    expect(describeColourUse({ enabled: true, style: 'boxed' }, false)).toBe(
      'Your primary fills the plate behind the captions',
    )
  })

  it('says when only the cards, or nothing, show the colours', () => {
    expect(describeColourUse({ enabled: true, style: 'classic' }, true)).toBe(
      'On the cards only: Classic captions keep their own colours; Word by word and Boxed captions take yours',
    )
    expect(describeColourUse({ enabled: false, style: 'karaoke' }, false)).toBe(
      'Not used yet: this video has no captions',
    )
  })
})
