// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { StoryboardBar } from './storyboard-bar.tsx'
import type { RenderJobState } from './use-render-job.ts'

/** Intl as a browser in Berlin has it: dates shown in that zone unless a call names another. */
class BerlinDateTimeFormat extends Intl.DateTimeFormat {
  constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
    super(locales, { ...options, timeZone: options?.timeZone ?? 'Europe/Berlin' })
  }
}

function renderBar({ atLimit = true, warning }: { atLimit?: boolean; warning?: string } = {}) {
  const renderState: RenderJobState = {
    job: undefined,
    usage: {
      plan: 'free',
      renders_today: atLimit ? 3 : 0,
      renders_per_day: 3,
      max_resolution: '720p',
      // The API's day ends at midnight UTC.
      resets_at: '2025-03-08T00:00:00.000Z',
    },
    resolution: '720p',
    setResolution: vi.fn(),
    only720: true,
    left: atLimit ? 0 : 3,
    active: false,
    outputs: null,
    busy: undefined,
    problem: undefined,
    start: vi.fn(),
    retry: vi.fn(),
    cancel: vi.fn(),
  }
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <StoryboardBar
          totals={{ seconds: 30, cardSeconds: 0, status: 'ok', incomplete: 0, awaitingWords: [] }}
          sceneCount={4}
          render={renderState}
          blockedReason={undefined}
          onBlockedRender={vi.fn()}
          warning={warning}
          removedNumber={undefined}
          undoRef={null}
          onUndo={vi.fn()}
          onDismissUndo={vi.fn()}
        />
      ),
    },
  ])
  return render(<Stub />)
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('StoryboardBar', () => {
  it('at the daily limit, says when more renders come with the day and the time zone’s name', () => {
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DateTimeFormat: BerlinDateTimeFormat }))
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2025-03-07T18:30:00Z') })
    renderBar()
    const message = screen.getByText(/You have used today’s 3 renders/)
    expect(message.textContent?.replaceAll('\u202f', ' ')).toBe(
      'You have used today’s 3 renders. More are available from 1:00 AM tomorrow (Central European Standard Time).',
    )
    expect(message.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-08T00:00:00.000Z')
  })

  it('says before rendering that the voice speaks another language than the words, without blocking', () => {
    const warning = 'This voice speaks English; your script is in Spanish. Choose a Spanish voice.'
    renderBar({ atLimit: false, warning })
    const button = screen.getByRole('button', { name: 'Render video' })
    expect(button.getAttribute('aria-disabled')).toBeNull()
    const note = screen.getByTestId('render-note')
    expect(note.textContent).toBe(warning)
    expect(button.getAttribute('aria-describedby')).toBe(note.id)
  })
})
