// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { StockPicker } from './stock-picker.tsx'
import { mockApi, QueryWrapper, signIn } from './studio-test-utils.tsx'

const PROJECT = '00000000-0000-4000-8000-0000000000a1'
const SCENE = '00000000-0000-4000-8000-0000000000b1'
const ITEM = {
  id: 'pexels:video:1001',
  provider: 'pexels',
  kind: 'video',
  width: 1080,
  height: 1920,
  duration: 13,
  thumbnail_url: 'https://images.pexels.com/still.jpg',
  preview_url: 'https://videos.pexels.com/small.mp4',
  author: { name: 'Ana Lima', url: 'https://www.pexels.com/@ana' },
  page_url: 'https://www.pexels.com/video/1001/',
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
afterEach(() => vi.unstubAllGlobals())

describe('StockPicker', () => {
  it("searches from the scene's words, in its language and shape, and brings the chosen clip into the library", async () => {
    signIn()
    const calls = mockApi(({ url, method }) => {
      if (url.pathname.endsWith('/stock-query'))
        return { body: { q: 'rosas girasoles', language: 'es', orientation: 'portrait', kind: 'video' } }
      if (url.pathname.endsWith('/stock/search')) return { body: { items: [ITEM], unavailable: [] } }
      if (method === 'POST' && url.pathname.endsWith('/stock/import'))
        return { status: 201, body: { id: '00000000-0000-4000-8000-0000000000c1', kind: 'video' } }
      return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'no' } }
    })
    const onPick = vi.fn()
    render(
      <QueryWrapper>
        <StockPicker
          open
          projectId={PROJECT}
          sceneId={SCENE}
          title="Stock for scene 1"
          providers={['pexels', 'pixabay']}
          onPick={onPick}
          onClose={() => undefined}
        />
      </QueryWrapper>,
    )
    const tile = await screen.findByRole('button', { name: 'Use this clip by Ana Lima from Pexels' }, { timeout: 3000 })
    const search = calls.find((call) => call.url.pathname.endsWith('/stock/search'))
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toMatchObject({
      q: 'rosas girasoles',
      kind: 'video',
      orientation: 'portrait',
      language: 'es',
    })
    // A clip plays its preview while it has the pointer or the focus.
    fireEvent.focus(tile)
    expect(tile.querySelector('video')?.getAttribute('src')).toBe('https://videos.pexels.com/small.mp4')
    fireEvent.blur(tile)
    expect(tile.querySelector('video')).toBeNull()
    // On a touch screen nothing hovers: its play button previews it, and choosing is a separate tap.
    const preview = screen.getByRole('button', { name: 'Preview this clip by Ana Lima' })
    fireEvent.click(preview)
    expect(preview.getAttribute('aria-pressed')).toBe('true')
    expect(tile.querySelector('video')).not.toBeNull()
    expect(onPick).not.toHaveBeenCalled()
    fireEvent.click(preview)
    expect(tile.querySelector('video')).toBeNull()
    fireEvent.click(tile)
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ id: 'pexels:video:1001' })
    expect(screen.getByText(/Pexels:/u).textContent).toMatch(/no attribution required/u)
  })
})
