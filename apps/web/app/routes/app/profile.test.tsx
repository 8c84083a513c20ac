// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { SessionInfo, User } from '@storyreel/contracts/auth'

import { mockApi, QueryWrapper, type Handler } from '#app/features/studio/studio-test-utils.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { storage, STORAGE_KEYS } from '#app/lib/storage.ts'

import ProfileRoute from './profile.tsx'

const USER: User = {
  id: '00000000-0000-4000-8000-000000000003',
  email: 'iris@example.com',
  first_name: 'Iris',
  last_name: null,
  confirmed: true,
  role: 'user',
  sign_in_methods: ['password'],
  created_at: '2026-10-01T09:00:00.000Z',
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const SESSIONS: SessionInfo[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'user',
    device: 'iPhone',
    browser: 'Safari 18',
    os: 'iOS 18.1',
    created_at: '2026-11-20T08:00:00.000Z',
    last_used_at: minutesAgo(0),
    expires_at: '2026-12-20T08:00:00.000Z',
    current: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    kind: 'user',
    device: 'Windows PC',
    browser: 'Chrome 131',
    os: 'Windows 10',
    created_at: '2026-11-02T08:00:00.000Z',
    last_used_at: minutesAgo(180),
    expires_at: '2026-12-02T08:00:00.000Z',
    current: false,
  },
]

function renderProfile(user: User, handler: Handler) {
  storage.set(STORAGE_KEYS.user, user)
  storage.set(STORAGE_KEYS.accessToken, 'token-1')
  const calls = mockApi((request) => {
    if (request.url.pathname === '/api/v1/auth/me') return { body: user }
    if (request.url.pathname === '/api/v1/api-keys' && request.method === 'GET') {
      return { body: { api_keys: [], limit: 1 } }
    }
    if (request.url.pathname === '/api/v1/webhooks' && request.method === 'GET') {
      return { body: { webhooks: [], limit: 10 } }
    }
    return handler(request)
  })
  const Stub = createRoutesStub([
    {
      path: '/app/profile',
      Component: () => (
        <QueryWrapper>
          <ProfileRoute />
        </QueryWrapper>
      ),
    },
    { path: '/auth/reset', Component: () => <h1>Reset step</h1> },
  ])
  render(<Stub initialEntries={['/app/profile']} />)
  return calls
}

const refused = (status: number, code: string, message: string) => ({
  status,
  body: { statusCode: status, error: 'Refused', code, message },
})

describe('/app/profile', () => {
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('lists where the account is signed in and signs out another device', async () => {
    const user = userEvent.setup()
    let sessions = SESSIONS
    const calls = renderProfile(USER, ({ method, url }) => {
      if (url.pathname === '/api/v1/auth/sessions') return { body: { sessions } }
      if (method === 'DELETE') {
        sessions = sessions.filter((session) => !url.pathname.endsWith(session.id))
        return { status: 204 }
      }
      return { status: 404 }
    })
    const section = await screen.findByRole('region', { name: 'Where you’re signed in' })
    await within(section).findByText('This device')
    const rows = within(section).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]?.textContent).toContain('This device')
    expect(within(rows[0] as HTMLElement).getByText('Safari 18 on iOS 18.1')).toBeTruthy()
    expect(within(rows[0] as HTMLElement).getByText(/^Active now · Signed in/)).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText('Chrome 131 on Windows 10')).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText(/^Active 3 hours ago · Signed in/)).toBeTruthy()
    // The current session has no sign-out of its own: that is the menu's Sign out.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull()

    await user.click(within(section).getByRole('button', { name: 'Sign out Windows PC, Chrome 131 on Windows 10' }))
    await vi.waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1))
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(
      `/api/v1/auth/sessions/${SESSIONS[1]?.id ?? ''}`,
    )
    expect(within(section).getByRole('button', { name: 'Sign out all other devices' })).toHaveProperty('disabled', true)
  })

  it('changes the password, showing a wrong current password beside its field', async () => {
    const user = userEvent.setup()
    const logged = vi.mocked(console.error).mockImplementation(() => undefined)
    let answer: { status: number; body: unknown } = refused(
      403,
      'PASSWORD_INCORRECT',
      'Your current password is not right.',
    )
    const calls = renderProfile(USER, ({ url }) => {
      if (url.pathname === '/api/v1/auth/sessions') return { body: { sessions: SESSIONS } }
      if (url.pathname === '/api/v1/auth/password') return answer
      return { status: 404 }
    })
    const section = await screen.findByRole('region', { name: 'Password' })
    await user.type(within(section).getByLabelText('Current password'), 'not-it')
    await user.type(within(section).getByLabelText('New password'), 'copper-kettle-orchard-17')
    await user.click(within(section).getByRole('button', { name: 'Change password' }))
    const current = within(section).getByLabelText('Current password')
    await vi.waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'))
    expect(within(section).getByText('Your current password is not right.')).toBeTruthy()
    expect(logged).toHaveBeenCalledWith(expect.any(ApiError))

    answer = { status: 200, body: { user: USER, other_sessions_signed_out: 1 } }
    await user.clear(current)
    await user.type(current, 'the-right-one-99')
    await user.click(within(section).getByRole('button', { name: 'Change password' }))
    await vi.waitFor(() => expect((current as HTMLInputElement).value).toBe(''))
    expect(calls.filter((call) => call.url.pathname === '/api/v1/auth/password').at(-1)?.body).toEqual({
      current_password: 'the-right-one-99',
      new_password: 'copper-kettle-orchard-17',
      sign_out_other_sessions: true,
    })
  })

  it('has an account made with Google set its first password through the e-mailed code', async () => {
    const user = userEvent.setup()
    const calls = renderProfile({ ...USER, sign_in_methods: ['google'] }, ({ url }) => {
      if (url.pathname === '/api/v1/auth/sessions') return { body: { sessions: SESSIONS } }
      return { status: 202, body: { status: 'accepted', message: 'On its way.' } }
    })
    const section = await screen.findByRole('region', { name: 'Password' })
    expect(section.textContent).toContain('You sign in with Google.')
    expect(within(section).queryByLabelText('Current password')).toBeNull()
    await user.click(within(section).getByRole('button', { name: 'Set a password' }))
    expect(await screen.findByRole('heading', { name: 'Reset step' })).toBeTruthy()
    expect(calls.find((call) => call.url.pathname === '/api/v1/auth/password-reset')?.body).toEqual({
      email: 'iris@example.com',
    })
  })

  it('changes the e-mail only once the code sent to the new address is entered', async () => {
    const user = userEvent.setup()
    const calls = renderProfile(USER, ({ url }) => {
      if (url.pathname === '/api/v1/auth/sessions') return { body: { sessions: SESSIONS } }
      if (url.pathname === '/api/v1/auth/email-change')
        return { status: 202, body: { status: 'accepted', message: '' } }
      if (url.pathname === '/api/v1/auth/email-change/confirm') return { body: { ...USER, email: 'iris@new.example' } }
      return { status: 404 }
    })
    const section = await screen.findByRole('region', { name: 'E-mail' })
    await user.click(within(section).getByRole('button', { name: 'Change e-mail' }))
    await user.type(within(section).getByLabelText('New e-mail'), 'Iris@New.example')
    await user.type(within(section).getByLabelText('Current password'), 'the-right-one-99')
    await user.click(within(section).getByRole('button', { name: 'Send code to the new address' }))
    expect(await within(section).findByText(/We sent a 6-digit code to/)).toBeTruthy()
    expect(storage.get<User>(STORAGE_KEYS.user)?.email).toBe('iris@example.com')
    expect(calls.find((call) => call.url.pathname === '/api/v1/auth/email-change')?.body).toEqual({
      new_email: 'iris@new.example',
      password: 'the-right-one-99',
    })

    await user.type(within(section).getByRole('textbox', { name: 'Digit 1 of 6' }), '424242')
    await vi.waitFor(() => expect(storage.get<User>(STORAGE_KEYS.user)?.email).toBe('iris@new.example'))
    expect(await within(section).findByText('iris@new.example')).toBeTruthy()
    expect(calls.find((call) => call.url.pathname === '/api/v1/auth/email-change/confirm')?.body).toEqual({
      code: '424242',
    })
  })
})
