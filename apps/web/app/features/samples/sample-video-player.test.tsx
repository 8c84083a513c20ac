// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { formatClipLength, SampleVideoPlayer } from './sample-video.tsx'
import { SAMPLE_VIDEO_SCRIPT } from './sample-video-player.ts'
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
let play: MockInstance<HTMLMediaElement['play']>

// The page runs the script once, in <head>; so does this file.
beforeAll(() => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const runHeadScript = new Function(SAMPLE_VIDEO_SCRIPT) as () => void
  runHeadScript()
})

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
  vi.restoreAllMocks()
})

describe('sample video players', () => {
  it('start without controls, behind a play button that names the sample and its length', () => {
    const { container } = render(<SampleVideoPlayer video={sample('ships-cat', 'The ship’s cat')} />)
    const video = container.querySelector('video')
    expect(video?.controls).toBe(false)
    expect(video?.muted).toBe(true)
    expect(video?.getAttribute('preload')).toBe('none')
    // The length it shows is in its name, for those who hear the page.
    expect(screen.getByRole('button', { name: 'Play “The ship’s cat”, 0:18, muted' })).toBeTruthy()
  })

  it('a play button turns its video’s controls on, hands it the focus and plays it muted', () => {
    const { container } = render(<SampleVideoPlayer video={sample('ships-cat', 'The ship’s cat')} />)
    const button = screen.getByRole('button', { name: /^Play/ })
    button.click()
    const video = container.querySelector('video')
    expect(video?.controls).toBe(true)
    expect(video?.muted).toBe(true)
    expect(played).toEqual([video])
    expect(button.hidden).toBe(true)
    expect(document.activeElement).toBe(video)
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
