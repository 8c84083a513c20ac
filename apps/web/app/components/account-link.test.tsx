// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { BRAND } from '@storyreel/contracts/brand'

import { saveSession } from '#app/lib/session.ts'
import { storage } from '#app/lib/storage.ts'

import { AccountLink, StudioLink } from './account-link.tsx'

function renderHeaderLinks() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <AccountLink />
          <StudioLink />
        </>
      ),
    },
  ])
  return render(<Stub />)
}

afterEach(() => {
  act(() => storage.clear())
})

describe('the header account links', () => {
  it('offer an anonymous visitor sign-in only', () => {
    renderHeaderLinks()
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Sign in'])
  })

  it('offer a signed-in visitor the app and a way back to the studio', () => {
    saveSession({
      id: '4f0c1c3e-8a7d-4f3e-9a55-2b1f7c9d0e11',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: null,
      confirmed: true,
      role: 'user',
      sign_in_methods: ['password'],
      created_at: '2025-01-01T00:00:00.000Z',
      access_token: 'token',
      expires_at: '2025-02-01T00:00:00.000Z',
    })
    renderHeaderLinks()
    expect(screen.getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe(BRAND.appStore.url)
    expect(screen.getByRole('link', { name: 'Open studio' }).getAttribute('href')).toBe('/app')
  })
})
