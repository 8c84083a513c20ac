// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { mockApi, QueryWrapper } from '#app/features/studio/studio-test-utils.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { getSession } from '#app/lib/session.ts'
import { storage, STORAGE_KEYS } from '#app/lib/storage.ts'

import ForgotPasswordRoute from './forgot.tsx'
import LoginRoute from './login.tsx'
import ResetPasswordRoute from './reset.tsx'

const SIGNED_IN = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'ruth@example.com',
  first_name: 'Ruth',
  last_name: null,
  confirmed: true,
  role: 'user',
  sign_in_methods: ['password'],
  created_at: '2026-11-01T10:00:00.000Z',
  access_token: 'fresh-token-fresh-token-fresh-token-123',
  expires_at: '2026-12-27T10:00:00.000Z',
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: '/auth/login',
      Component: () => (
        <QueryWrapper>
          <LoginRoute />
        </QueryWrapper>
      ),
    },
    { path: '/auth/forgot', Component: ForgotPasswordRoute },
    { path: '/auth/reset', Component: ResetPasswordRoute },
    { path: '/app', Component: () => <h1>Studio home</h1> },
  ])
  return render(<Stub initialEntries={[url]} />)
}

const codeBoxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })

/** A refused call is logged to the console by the query helper (and shown on the page); this expects it. */
function expectLoggedApiError() {
  const logged = vi.mocked(console.error).mockImplementation(() => undefined)
  return () => expect(logged).toHaveBeenCalledWith(expect.any(ApiError))
}

describe('forgotten passwords', () => {
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('carries the address typed on the sign-in page to the reset request, then to the code step', async () => {
    const user = userEvent.setup()
    const calls = mockApi(({ url }) =>
      url.pathname === '/api/v1/config'
        ? { body: { sign_in: { apple: false, google: false, discord: false } } }
        : { status: 202, body: { status: 'accepted', message: 'On its way.' } },
    )
    renderAt('/auth/login')
    await user.type(screen.getByLabelText('E-mail'), 'ruth@example.com')
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }))
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('ruth@example.com')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy()
    const reset = calls.find((call) => call.url.pathname === '/api/v1/auth/password-reset')
    expect(reset).toMatchObject({ method: 'POST', body: { email: 'ruth@example.com' } })
    // It never says whether the address has an account.
    expect(screen.getByText(/If/).textContent).toMatch(/If ruth@example\.com has a StoryReel account/)
    const resend = screen.getByText(
      (_, element) => element?.tagName === 'SPAN' && /^ask for a new code in \d+s\.$/.test(element.textContent ?? ''),
    )
    expect(resend.textContent).toMatch(/in (59|60)s/)
  })

  it('sets the password with the code, keeps the new session and opens the studio', async () => {
    const user = userEvent.setup()
    const calls = mockApi(() => ({ body: SIGNED_IN }))
    renderAt('/auth/reset?email=ruth%40example.com')
    await user.type(codeBoxes()[0] as HTMLElement, '123456')
    await user.type(screen.getByLabelText('New password'), 'copper-kettle-orchard-17')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByRole('heading', { name: 'Studio home' })).toBeTruthy()
    expect(calls[0]?.body).toEqual({ email: 'ruth@example.com', code: '123456', password: 'copper-kettle-orchard-17' })
    expect(getSession().token).toBe(SIGNED_IN.access_token)
  })

  it('shows a wrong code beside the boxes and empties them, keeping the new password', async () => {
    const user = userEvent.setup()
    const logged = expectLoggedApiError()
    mockApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'EMAIL_CODE_INVALID',
        message: 'This code is not right. 4 tries left.',
      },
    }))
    renderAt('/auth/reset?email=ruth%40example.com')
    await user.type(codeBoxes()[0] as HTMLElement, '000000')
    await user.type(screen.getByLabelText('New password'), 'copper-kettle-orchard-17')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    const first = codeBoxes()[0] as HTMLInputElement
    await vi.waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('This code is not right. 4 tries left.')).toBeTruthy()
    expect(codeBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', ''])
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('copper-kettle-orchard-17')
    expect(document.activeElement).toBe(first)
    logged()
  })

  it("shows the server's password rule under the password, and asks for an address when the link had none", async () => {
    const user = userEvent.setup()
    const logged = expectLoggedApiError()
    const calls = mockApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'WEAK_PASSWORD',
        message: 'This password is too common. Choose one that is harder to guess.',
      },
    }))
    renderAt('/auth/reset')
    await user.type(screen.getByLabelText('E-mail'), 'Ruth@Example.com ')
    await user.type(codeBoxes()[0] as HTMLElement, '123456')
    await user.type(screen.getByLabelText('New password'), 'password123')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    const password = screen.getByLabelText('New password')
    await vi.waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(password.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('This password is too common. Choose one that is harder to guess.')).toBeTruthy()
    expect(calls[0]?.body).toMatchObject({ email: 'ruth@example.com' })
    expect(storage.get(STORAGE_KEYS.accessToken)).toBeUndefined()
    logged()
  })
})
