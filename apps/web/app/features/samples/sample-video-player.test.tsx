// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { formatClipLength, SampleVideoPlayer } from './sample-video.tsx'
import { installSampleVideoPlayers } from './sample-video-player.ts'
import type { SampleVideo } from './videos.ts'

const sample = (id: string, title: string) =>
  ({
    id,
    title,
    width: 540,
    height: 960,
    ratio: '9:16',
    seconds: 17.9,
    src: `/assets/${id}.mp4`,
    poster: `/assets/${id}.webp`,
    captions: `/assets/${id}.vtt`,
  }) as SampleVideo

// jsdom has no media playback: record play and pause, as a browser would run them.
let played: HTMLMediaElement[] = []
let paused: HTMLMediaElement[] = []
let stop: (() => void) | undefined
let play: MockInstance<HTMLMediaElement['play']>

beforeEach(() => {
  played = []
  paused = []
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this)
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.push(this)
  })
})

afterEach(() => {
  stop?.()
  vi.restoreAllMocks()
})

describe('sample video players', () => {
  it('start without controls, behind a play button that names the sample and its length', () => {
    const { container } = render(<SampleVideoPlayer video={sample('ships-cat', 'The ship’s cat')} />)
    const video = container.querySelector('video')
    expect(video?.controls).toBe(false)
    expect(video?.muted).toBe(true)
    expect(video?.getAttribute('preload')).toBe('none')
    const button = screen.getByRole('button', { name: 'Play “The ship’s cat”, muted' })
    expect(button.textContent).toContain('0:18')
  })

  it('a play button turns its video’s controls on and plays it muted', () => {
    const { container } = render(<SampleVideoPlayer video={sample('ships-cat', 'The ship’s cat')} />)
    stop = installSampleVideoPlayers(document)
    const button = screen.getByRole('button', { name: /^Play/ })
    button.click()
    const video = container.querySelector('video')
    expect(video?.controls).toBe(true)
    expect(video?.muted).toBe(true)
    expect(played).toEqual([video])
    expect(button.hidden).toBe(true)
    // The poster waited for the viewport; the viewer is looking at the player now.
    expect(video?.getAttribute('poster')).toBe('/assets/ships-cat.webp')
  })

  it('pauses the sample that was playing when another starts', () => {
    const { container } = render(
      <>
        <SampleVideoPlayer video={sample('one', 'One')} />
        <SampleVideoPlayer video={sample('two', 'Two')} />
      </>,
    )
    stop = installSampleVideoPlayers(document)
    const [first, second] = container.querySelectorAll('video')
    screen.getByRole('button', { name: /^Play “One”/ }).click()
    paused = []
    screen.getByRole('button', { name: /^Play “Two”/ }).click()
    expect(played).toEqual([first, second])
    expect(paused).toContain(first)
    expect(paused).not.toContain(second)
  })

  it('leaves the controls in place when the browser refuses to play', async () => {
    play.mockRejectedValue(new DOMException('not allowed', 'NotAllowedError'))
    const { container } = render(<SampleVideoPlayer video={sample('one', 'One')} />)
    stop = installSampleVideoPlayers(document)
    screen.getByRole('button', { name: /^Play/ }).click()
    await Promise.resolve()
    expect(container.querySelector('video')?.controls).toBe(true)
  })

  it('formats lengths as minutes and seconds', () => {
    expect(formatClipLength(17.9)).toBe('0:18')
    expect(formatClipLength(64.2)).toBe('1:04')
    expect(formatClipLength(5)).toBe('0:05')
  })
})
