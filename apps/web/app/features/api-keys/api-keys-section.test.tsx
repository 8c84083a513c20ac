// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ApiKey, CreatedApiKey } from '@storyreel/contracts/api-keys'

import { mockApi, QueryWrapper, signIn, type Handler } from '#app/features/studio/studio-test-utils.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { storage } from '#app/lib/storage.ts'

import { ApiKeysSection } from './api-keys-section.tsx'

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString()

const SHEETS: ApiKey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Google Sheets',
  prefix: 'srk_Ab12Cd34',
  scopes: ['projects:read', 'renders:write'],
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: hoursAgo(2),
}
const SECRET = `srk_${'Z'.repeat(40)}`

function renderSection(handler: Handler) {
  signIn()
  const calls = mockApi(handler)
  render(
    <QueryWrapper>
      <ApiKeysSection />
    </QueryWrapper>,
  )
  return calls
}

const refused = (status: number, code: string, message: string) => ({
  status,
  body: { statusCode: status, error: 'Refused', code, message },
})

describe('ApiKeysSection', () => {
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('lists each key by name, prefix, scopes, creation and last use', async () => {
    renderSection(() => ({
      body: {
        api_keys: [SHEETS, { ...SHEETS, id: '22222222-2222-4222-8222-222222222222', name: 'n8n', last_used_at: null }],
        limit: 10,
      },
    }))
    const list = await screen.findByRole('list', { name: 'Your API keys' })
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list)
    expect(rows).toHaveLength(2)
    const first = rows[0] as HTMLElement
    expect(within(first).getByText('Google Sheets')).toBeTruthy()
    expect(within(first).getByText('srk_Ab12Cd34…')).toBeTruthy()
    const scopes = within(first).getByRole('list', { name: 'Scopes of Google Sheets' })
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Read projects', 'Render videos'])
    expect(within(first).getByText(/^Created .* · Last used 2 hours ago$/)).toBeTruthy()
    expect(within(rows[1] as HTMLElement).getByText(/· Never used$/)).toBeTruthy()
  })

  it('makes a key, shows its secret once with a copy button, and adds it to the list', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    let keys: ApiKey[] = []
    const calls = renderSection(({ method, body }) => {
      if (method === 'POST') {
        const created: CreatedApiKey = { ...SHEETS, name: 'Zapier', last_used_at: null, secret: SECRET }
        expect(body).toEqual({ name: 'Zapier', scopes: ['projects:read', 'projects:write'] })
        keys = [{ ...SHEETS, name: 'Zapier', last_used_at: null }]
        return { status: 201, body: created }
      }
      return { body: { api_keys: keys, limit: 1 } }
    })
    await screen.findByText(/No API keys yet/)
    await user.click(screen.getByRole('button', { name: 'New key' }))
    const form = screen.getByRole('form', { name: 'New API key' })
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'))
    await user.keyboard('Zapier')
    // Ticked out of order; sent in the form's order.
    await user.click(within(form).getByRole('checkbox', { name: /Edit projects/ }))
    await user.click(within(form).getByRole('checkbox', { name: /Read projects/ }))
    await user.click(within(form).getByRole('button', { name: 'Create key' }))

    const panel = await screen.findByRole('region', { name: 'Copy your new key “Zapier” now' })
    expect(within(panel).getByLabelText<HTMLInputElement>('Your new API key').value).toBe(SECRET)
    expect(within(panel).getByText(/shown only this once/)).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: 'Copy key' }))
    expect(writeText).toHaveBeenCalledWith(SECRET)
    expect(within(panel).getByText('Copied to the clipboard.')).toBeTruthy()

    await screen.findByRole('list', { name: 'Your API keys' })
    // The plan's one key is in use: the button says so instead of failing later.
    expect(screen.getByRole('button', { name: 'New key' })).toHaveProperty('disabled', true)
    expect(screen.getByText(/Your plan has 1 API key/)).toBeTruthy()

    await user.click(within(panel).getByRole('button', { name: 'I’ve saved it' }))
    expect(screen.queryByDisplayValue(SECRET)).toBeNull()
    expect(document.body.textContent).not.toContain(SECRET)
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
  })

  it('says what is missing before sending, and shows a refusal beside the form', async () => {
    const user = userEvent.setup()
    const logged = vi.mocked(console.error).mockImplementation(() => undefined)
    const calls = renderSection(({ method }) =>
      method === 'POST'
        ? refused(403, 'API_KEY_LIMIT', 'The free plan has 1 API key. Revoke it to make another.')
        : { body: { api_keys: [], limit: 1 } },
    )
    await user.click(await screen.findByRole('button', { name: 'New key' }))
    const form = screen.getByRole('form', { name: 'New API key' })
    await user.click(within(form).getByRole('button', { name: 'Create key' }))
    expect(within(form).getByText(/Give the key a name/)).toBeTruthy()
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true')
    await user.type(within(form).getByLabelText('Name'), 'Script')
    await user.click(within(form).getByRole('button', { name: 'Create key' }))
    expect(within(form).getByText('Choose at least one thing the key may do.')).toBeTruthy()
    expect(document.activeElement).toBe(within(form).getByRole('checkbox', { name: /Read projects/ }))
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0)

    await user.keyboard(' ')
    await user.click(within(form).getByRole('button', { name: 'Create key' }))
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      'The free plan has 1 API key. Revoke it to make another.',
    )
    expect(logged).toHaveBeenCalledWith(expect.any(ApiError))

    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form', { name: 'New API key' })).toBeNull()
  })

  it('revokes a key only after confirming', async () => {
    const user = userEvent.setup()
    let keys = [SHEETS]
    const calls = renderSection(({ method, url }) => {
      if (method === 'DELETE') {
        keys = keys.filter((key) => !url.pathname.endsWith(key.id))
        return { status: 204 }
      }
      return { body: { api_keys: keys, limit: 10 } }
    })
    await user.click(await screen.findByRole('button', { name: 'Revoke Google Sheets' }))
    const dialog = screen.getByRole('dialog', { name: 'Revoke “Google Sheets”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Revoke Google Sheets' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }))
    await screen.findByText(/No API keys yet/)
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(`/api/v1/api-keys/${SHEETS.id}`)
  })

  it('shows the loading state, then a failure with a way to try again', async () => {
    const user = userEvent.setup()
    const logged = vi.mocked(console.error).mockImplementation(() => undefined)
    let fail = true
    renderSection(() =>
      fail ? refused(500, 'INTERNAL_ERROR', 'Something broke.') : { body: { api_keys: [], limit: 1 } },
    )
    expect(screen.getByRole('list', { name: 'Loading your API keys' }).getAttribute('aria-busy')).toBe('true')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your API keys could not be loaded.')
    expect(logged).toHaveBeenCalled()
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText(/No API keys yet/)
  })
})
