// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { ANALYTICS_CONSENT_KEY } from '#app/lib/analytics.ts'
import { storage } from '#app/lib/storage.ts'

import { CONSENT_BAR_HEIGHT_PROPERTY } from './consent-banner.tsx'
import { ConsentManager } from './consent-manager.tsx'
import { consentStore } from './consent-store.ts'
import { CookieSettingsButton } from './cookie-settings-button.tsx'

const BANNER = { name: 'Analytics, only if you say so' }

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <footer>
            <CookieSettingsButton />
          </footer>
          <ConsentManager />
        </>
      ),
    },
  ])
  return render(<Stub />)
}

beforeAll(() => {
  // jsdom has no modal dialogs; these stand-ins keep the open state the component relies on.
  if (!('showModal' in HTMLDialogElement.prototype)) {
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.open = true
      },
      close(this: HTMLDialogElement) {
        this.open = false
      },
    })
  }
})

afterEach(() => {
  act(() => consentStore.closeSettings())
  storage.clear()
  delete window.dataLayer
})

describe('ConsentManager', () => {
  it('asks on the first visit with Accept all, Decline and Choose', async () => {
    renderPage()
    const banner = await screen.findByRole('region', BANNER)
    const buttons = within(banner).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['Accept all', 'Decline', 'Choose'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('publishes the bar’s height while it shows, so focus scrolling and bottom bars keep clear of it', async () => {
    const user = userEvent.setup()
    const height = () => document.documentElement.style.getPropertyValue(CONSENT_BAR_HEIGHT_PROPERTY)
    renderPage()
    await screen.findByRole('region', BANNER)
    expect(height()).toMatch(/^\d+px$/)
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    expect(height()).toBe('')
  })

  it('keeps a decline and does not ask again', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    expect(storage.get(ANALYTICS_CONSENT_KEY)).toBe('denied')
    expect(screen.queryByRole('region', BANNER)).toBeNull()
  })

  it('does not show the banner once a choice is stored', () => {
    storage.set(ANALYTICS_CONSENT_KEY, 'granted')
    renderPage()
    expect(screen.queryByRole('region', BANNER)).toBeNull()
  })

  it('Choose opens the settings, where analytics is off until switched on', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Choose' }))
    const analytics = await screen.findByRole<HTMLInputElement>('switch', { name: 'Analytics' })
    expect(analytics.checked).toBe(false)
    await user.click(analytics)
    await user.click(screen.getByRole('button', { name: 'Save choices' }))
    expect(storage.get(ANALYTICS_CONSENT_KEY)).toBe('granted')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('region', BANNER)).toBeNull()
  })

  it('the footer button reopens the settings with the stored choice', async () => {
    const user = userEvent.setup()
    storage.set(ANALYTICS_CONSENT_KEY, 'granted')
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }))
    expect(screen.getByRole('dialog', { name: 'Cookie settings' })).toBeTruthy()
    const analytics = screen.getByRole<HTMLInputElement>('switch', { name: 'Analytics' })
    expect(analytics.checked).toBe(true)
    await user.click(analytics)
    await user.click(screen.getByRole('button', { name: 'Save choices' }))
    expect(storage.get(ANALYTICS_CONSENT_KEY)).toBe('denied')
  })

  it('Cancel closes the settings and changes nothing', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Choose' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(storage.get(ANALYTICS_CONSENT_KEY)).toBeUndefined()
    expect(screen.getByRole('region', BANNER)).toBeTruthy()
  })
})
