// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { AudioMixControls, CaptionsPicker } from './settings-controls.tsx'

const MIX = { voice_speed: 1, voice_volume: 1, music_volume: 0.3 }

describe('AudioMixControls', () => {
  it('names each slider by its label, not by the value shown beside it', () => {
    render(<AudioMixControls settings={{ ...MIX, music_id: null }} onChange={vi.fn()} />)
    expect(screen.getAllByRole('slider').map((slider) => slider.getAttribute('aria-valuetext'))).toEqual([
      '1.00×',
      '100%',
      'No music',
    ])
    expect(screen.getByRole('slider', { name: 'Voice speed' })).toBeTruthy()
  })

  it('puts the music volume out of reach while no track is chosen, and back when one is', () => {
    const onChange = vi.fn()
    const { rerender } = render(<AudioMixControls settings={{ ...MIX, music_id: null }} onChange={onChange} />)
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'Music volume' })
    expect(slider.disabled).toBe(true)
    expect(slider.getAttribute('aria-valuetext')).toBe('No music')
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Voice volume' }).disabled).toBe(false)
    rerender(<AudioMixControls settings={{ ...MIX, music_id: 'calm-tide' }} onChange={onChange} />)
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Music volume' }).disabled).toBe(false)
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Music volume' }).getAttribute('aria-valuetext')).toBe(
      '30%',
    )
  })
})

describe('CaptionsPicker', () => {
  const samples = () => ({
    highlight: screen.getByTestId('caption-sample-highlight').style.getPropertyValue('--sr-karaoke-highlight'),
    plate: screen.getByTestId('caption-sample-plate').style.background,
  })

  it('shows the samples in the colours the video draws them in', () => {
    render(<CaptionsPicker value={{ enabled: true, style: 'karaoke' }} onChange={vi.fn()} />)
    expect(samples()).toEqual({ highlight: '#7c3aed', plate: 'rgba(12, 12, 20, 0.78)' })
  })

  it('shows the brand’s accent behind the spoken word and its primary as the plate, when the video uses them', () => {
    render(
      <CaptionsPicker
        value={{ enabled: true, style: 'karaoke' }}
        onChange={vi.fn()}
        brandColours={{ primary: '#5b21b6', accent: '#0f766e' }}
      />,
    )
    expect(samples().highlight).toBe('#0f766e')
    expect(samples().plate).toBe('rgba(91, 33, 182, 0.88)')
  })
})
