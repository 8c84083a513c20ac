// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import type { ProjectMediaAsset, SceneMedia } from '@storyreel/contracts/studio'

import { SceneMediaSection } from './scene-media-section.tsx'
import { createClipMedia, createPhotoMedia } from './scene-media.ts'

const PHOTO_ID = '00000000-0000-4000-8000-0000000000a1'
const CLIP_ID = '00000000-0000-4000-8000-0000000000a2'

const PHOTO: ProjectMediaAsset = {
  id: PHOTO_ID,
  kind: 'image',
  status: 'ready',
  name: 'Shop front.jpg',
  width: 4000,
  height: 3000,
  duration_seconds: null,
  thumbnail_url: '/thumb.webp',
  url: '/photo.jpg',
}

const CLIP: ProjectMediaAsset = {
  ...PHOTO,
  id: CLIP_ID,
  kind: 'video',
  name: 'Pouring coffee.mp4',
  width: 1920,
  height: 1080,
  duration_seconds: 12,
  url: '/clip.mp4',
}

/** The section as the card holds it: each change becomes the media it shows next, and is recorded. */
function Harness({
  initial,
  asset,
  onChange,
  onPick = vi.fn(),
  hostedImages = false,
}: {
  initial: SceneMedia | null
  asset: ProjectMediaAsset | undefined
  hostedImages?: boolean
  onChange: (media: SceneMedia | null) => void
  onPick?: (kind: 'image' | 'video') => void
}) {
  const [media, setMedia] = useState(initial)
  return (
    <SceneMediaSection
      number={2}
      media={media}
      asset={asset}
      hostedImages={hostedImages}
      aspectRatio="9:16"
      sceneSeconds={5}
      error={undefined}
      onChange={(next) => {
        setMedia(next)
        onChange(next)
      }}
      onPick={onPick}
    />
  )
}

describe('SceneMediaSection', () => {
  it('offers the hosted engine’s picture or the drawn one where a hosted engine is set up, and only the drawn one where not', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const { unmount } = render(<Harness initial={null} asset={undefined} onChange={onChange} hostedImages />)
    const generated = screen.getByRole('radio', { name: 'Generated' })
    expect((generated as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('radio', { name: 'Drawn' }))
    expect(onChange).toHaveBeenLastCalledWith({ type: 'drawn' })
    await user.click(screen.getByRole('radio', { name: 'Generated' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    unmount()

    render(<Harness initial={{ type: 'drawn' }} asset={undefined} onChange={onChange} />)
    expect(screen.queryByRole('radio', { name: 'Generated' })).toBeNull()
    expect(screen.getByText(/drawn from “What we see”/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Use a photo in scene 2' })).toBeTruthy()
  })

  it('moves a photo’s focus point with the arrow keys, and resets it to automatic', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness initial={createPhotoMedia(PHOTO_ID)} asset={PHOTO} onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Adjust photo' }))
    const marker = screen.getByRole('button', { name: "Focus point of scene 2's photo" })
    marker.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}')
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ focus: { x: 0.6, y: 0.45 } }))
    expect(screen.getByText(/Centred 60 % from the left, 45 % from the top/)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Reset to automatic' }))
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ focus: null }))

    await user.click(screen.getByRole('radio', { name: 'Show it whole' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera move' }), 'Slow zoom in')
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'photo',
      asset_id: PHOTO_ID,
      focus: null,
      fit: 'fit',
      camera: 'zoom-in',
    })
  })

  it('trims a clip with its in and out handles from the keyboard, never closer than half a second', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness initial={createClipMedia(CLIP_ID)} asset={CLIP} onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Adjust clip' }))
    const start = screen.getByRole('slider', { name: 'In point' })
    const end = screen.getByRole('slider', { name: 'Out point' })
    expect(end.getAttribute('aria-valuetext')).toBe('12.0 s')

    start.focus()
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}{ArrowRight}')
    expect(start.getAttribute('aria-valuetext')).toBe('2.1 s')
    end.focus()
    await user.keyboard('{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}')
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ trim_start: 2.1, trim_end: 5 }))
    expect(
      screen.getByText('This 2.9 s stretch is 2.1 s shorter than the scene: its last frame holds for 2.1 s.'),
    ).toBeTruthy()

    await user.keyboard('{Home}')
    expect(end.getAttribute('aria-valuetext')).toBe('2.6 s')
    await user.keyboard('{End}')
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ trim_start: 2.1, trim_end: null }))

    await user.click(screen.getByRole('radio', { name: 'Loop' }))
    await user.click(screen.getByRole('checkbox', { name: /Mix the clip’s own sound under the voice/ }))
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fill: 'loop', sound: 'mixed' }))
  })

  it('says a deleted photo left the library, the scene is drawn, and offers another', async () => {
    const user = userEvent.setup()
    const onPick = vi.fn()
    render(
      <Harness
        initial={createPhotoMedia(PHOTO_ID)}
        asset={{ ...PHOTO, status: 'deleted' }}
        onChange={vi.fn()}
        onPick={onPick}
      />,
    )
    expect(
      screen.getByText(
        'The photo this scene used was deleted from your library, so the scene shows the drawn picture.',
      ),
    ).toBeTruthy()
    expect(screen.queryByText('Shop front.jpg')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Adjust photo' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Choose another photo' }))
    expect(onPick).toHaveBeenCalledWith('image')
  })

  it('says a clip still being prepared will be used once it is ready', () => {
    render(<Harness initial={createClipMedia(CLIP_ID)} asset={{ ...CLIP, status: 'processing' }} onChange={vi.fn()} />)
    expect(
      screen.getByText(
        '“Pouring coffee.mp4” is still being prepared. The scene shows the drawn picture until it is ready, then uses it.',
      ),
    ).toBeTruthy()
  })

  it('goes back to the drawn picture', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness initial={createPhotoMedia(PHOTO_ID)} asset={PHOTO} onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Back to the drawn picture' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(screen.getByRole('button', { name: 'Use a photo in scene 2' })).toBeTruthy()
  })
})
