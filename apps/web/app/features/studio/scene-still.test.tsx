// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { SceneStill } from './scene-still.tsx'

const FIRST = '/api/v1/projects/p/scenes/s/thumbnail?v=aaa'
const SECOND = '/api/v1/projects/p/scenes/s/thumbnail?v=bbb'
const ALT = 'Scene 1: A lighthouse on black rocks'

const renderStill = (url: string | undefined, updating = false) =>
  render(<SceneStill url={url} alt={ALT} aspectRatio="9:16" updating={updating} />)

describe('SceneStill', () => {
  afterEach(() => vi.useRealTimers())

  it('holds a fixed box with a skeleton until the picture has loaded, described by its alt text', () => {
    renderStill(FIRST)
    const box = screen.getByTestId('scene-still')
    expect(box.className).toContain('aspect-[9/16]')
    expect(box.getAttribute('aria-busy')).toBe('true')
    const picture = screen.getByRole('img', { name: ALT })
    expect(picture.className).toContain('opacity-0')
    fireEvent.load(picture)
    expect(picture.className).toContain('opacity-100')
    expect(box.getAttribute('aria-busy')).toBe('false')
  })

  it('keeps the previous picture under a new version until that one has loaded', () => {
    const { rerender } = renderStill(FIRST)
    fireEvent.load(screen.getByRole('img', { name: ALT }))
    rerender(<SceneStill url={SECOND} alt={ALT} aspectRatio="9:16" updating={false} />)
    const previous = screen.getByRole('presentation')
    expect(previous.getAttribute('src')).toBe(FIRST)
    expect(screen.getByText('Updating…')).toBeTruthy()
    fireEvent.load(screen.getByRole('img', { name: ALT }))
    expect(screen.queryByRole('presentation')).toBeNull()
    expect(screen.queryByText('Updating…')).toBeNull()
  })

  it('tries once more by itself, then offers another try without breaking the card', async () => {
    vi.useFakeTimers()
    renderStill(FIRST)
    fireEvent.error(screen.getByRole('img', { name: ALT }))
    expect(screen.queryByText('No picture right now.')).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000)
    })
    fireEvent.error(screen.getByRole('img', { name: ALT }))
    expect(screen.getByText('No picture right now.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    fireEvent.load(screen.getByRole('img', { name: ALT }))
    expect(screen.queryByText('No picture right now.')).toBeNull()
  })

  it('says a scene is drawn once it is saved, and marks unsaved changes', () => {
    renderStill(undefined)
    expect(screen.getByText('Drawn once saved')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    renderStill(FIRST, true)
    expect(screen.getByText('Updating…')).toBeTruthy()
  })
})
