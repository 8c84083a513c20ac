// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { LicenceReceiptSummary } from './licence-receipt.tsx'
import { mockApi, QueryWrapper } from './studio-test-utils.tsx'

const RECEIPT = {
  receipt_id: '00000000-0000-4000-8000-0000000000c1',
  project_id: '00000000-0000-4000-8000-0000000000c2',
  render_id: '00000000-0000-4000-8000-0000000000c3',
  issued_at: '2026-11-27T10:00:00.000Z',
  issued_to: 'maker@example.com',
  video: { title: 'Spring sale', duration_seconds: 30, resolution: '720p' },
  voice: { id: 'en-us-flite-rms', name: 'Ryan', engine: 'flite', licence: 'BSD' },
  music: { id: 'own', title: 'Shop jingle.mp3', licence: 'Uploaded by you', source: 'own' },
  own_media: [
    { name: 'Shop front.jpg', kind: 'photo' },
    { name: 'Pouring coffee.mp4', kind: 'clip' },
  ],
  engines: { script: 'offline', voice: 'flite', visuals: 'local', encoder: 'x264' },
  artwork: [],
  permitted: ['Post it anywhere'],
  not_permitted: ['Resell the music alone'],
}

afterEach(() => vi.unstubAllGlobals())

describe('LicenceReceiptSummary', () => {
  it('credits the owner’s own track and the photos and clips the video shows', async () => {
    mockApi(() => ({ body: RECEIPT }))
    render(
      <QueryWrapper>
        <LicenceReceiptSummary url="https://storyreel.test/api/v1/media/receipt.json" />
      </QueryWrapper>,
    )
    expect((await screen.findByText('Your media')).nextElementSibling?.textContent).toBe(
      'Shop front.jpg (photo) · Pouring coffee.mp4 (clip)',
    )
    expect(screen.getByText('Music').nextElementSibling?.textContent).toBe(
      'Shop jingle.mp3 · your own upload · Uploaded by you',
    )
    // Engine names are for the downloaded record, not the studio.
    expect(screen.queryByText('Engines')).toBeNull()
    expect(document.body.textContent).not.toContain('x264')
  })
})

describe('LicenceReceiptSummary with stock media', () => {
  it('credits each stock photo and clip to its author and provider, with the licence in short', async () => {
    mockApi(() => ({
      body: {
        ...RECEIPT,
        stock_media: [
          {
            kind: 'clip',
            provider: 'Pexels',
            author: 'Ana Lima',
            author_url: 'https://www.pexels.com/@ana',
            page_url: 'https://www.pexels.com/video/1001/',
            licence: 'Free to use in videos, no attribution required.',
            licence_url: 'https://www.pexels.com/license/',
          },
        ],
      },
    }))
    render(
      <QueryWrapper>
        <LicenceReceiptSummary url="https://storyreel.test/api/v1/media/receipt.json" />
      </QueryWrapper>,
    )
    const credits = (await screen.findByText('Stock media')).nextElementSibling
    expect(credits?.textContent).toBe('Clip by Ana Lima on Pexels · Free to use in videos, no attribution required.')
    expect(screen.getByRole('link', { name: 'Ana Lima' }).getAttribute('href')).toBe('https://www.pexels.com/@ana')
    expect(screen.getByRole('link', { name: 'Pexels' }).getAttribute('href')).toBe('https://www.pexels.com/video/1001/')
  })
})
