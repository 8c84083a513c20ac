// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { CreatedWebhook, WebhookDelivery, WebhookEndpoint } from '@storyreel/contracts/webhooks'

import { mockApi, QueryWrapper, signIn, type Handler } from '#app/features/studio/studio-test-utils.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { storage } from '#app/lib/storage.ts'
import { toasts } from '#app/lib/toast.ts'

import { WebhooksSection } from './webhooks-section.tsx'

const ENDPOINT: WebhookEndpoint = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://hooks.example.com/storyreel',
  description: 'Order system',
  events: ['render.succeeded', 'render.failed'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-20T08:00:00.000Z',
}
const SECRET = `whsec_${'Q'.repeat(32)}`

const DELIVERY: WebhookDelivery = {
  id: '33333333-3333-4333-8333-333333333333',
  message_id: 'msg_abc123',
  event_type: 'render.succeeded',
  status: 'failed',
  attempts: 2,
  next_attempt_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
  payload: { type: 'render.succeeded', timestamp: '2026-11-28T10:00:00.000Z', data: { id: 'render-1' } },
  tries: [
    {
      attempted_at: '2026-11-28T10:00:01.000Z',
      status_code: 500,
      latency_ms: 87,
      error: null,
      response_excerpt: 'upstream exploded',
    },
    {
      attempted_at: '2026-11-28T10:00:06.000Z',
      status_code: null,
      latency_ms: 10000,
      error: 'The receiver did not answer within 10 seconds.',
      response_excerpt: null,
    },
  ],
}

function renderSection(handler: Handler) {
  signIn()
  const calls = mockApi(handler)
  render(
    <QueryWrapper>
      <WebhooksSection />
    </QueryWrapper>,
  )
  return calls
}

const refused = (status: number, code: string, message: string) => ({
  status,
  body: { statusCode: status, error: 'Refused', code, message },
})

describe('WebhooksSection', () => {
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
    for (const toast of toasts.getToasts()) toasts.dismiss(toast.id)
  })

  it('lists each endpoint with its events, and says when StoryReel turned one off', async () => {
    renderSection(() => ({
      body: {
        webhooks: [
          ENDPOINT,
          {
            ...ENDPOINT,
            id: '22222222-2222-4222-8222-222222222222',
            url: 'https://down.example.com/hook',
            description: '',
            enabled: false,
            disabled_reason: 'Every delivery failed for 3 days.',
            failing_since: '2026-11-25T08:00:00.000Z',
          },
        ],
        limit: 10,
      },
    }))
    const list = await screen.findByRole('list', { name: 'Your webhook endpoints' })
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list)
    expect(rows).toHaveLength(2)
    const first = rows[0] as HTMLElement
    expect(within(first).getByText('https://hooks.example.com/storyreel')).toBeTruthy()
    expect(
      within(within(first).getByRole('list', { name: 'Events sent to Order system' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['render.succeeded', 'render.failed'])
    expect(within(first).getByRole('switch')).toHaveProperty('checked', true)
    const second = rows[1] as HTMLElement
    expect(within(second).getByText(/^Turned off by StoryReel: Every delivery failed for 3 days\./)).toBeTruthy()
    expect(within(second).getByRole('switch')).toHaveProperty('checked', false)
  })

  it('adds an endpoint and shows its signing secret once, with a copy button', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    let endpoints: WebhookEndpoint[] = []
    const calls = renderSection(({ method, body }) => {
      if (method === 'POST') {
        expect(body).toEqual({
          url: 'https://hooks.example.com/storyreel',
          events: ['render.succeeded', 'batch.completed'],
          description: 'Order system',
        })
        endpoints = [{ ...ENDPOINT, events: ['render.succeeded', 'batch.completed'] }]
        const created: CreatedWebhook = { ...(endpoints[0] as WebhookEndpoint), secret: SECRET }
        return { status: 201, body: created }
      }
      return { body: { webhooks: endpoints, limit: 10 } }
    })
    await screen.findByText(/No endpoints yet/)
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    const form = screen.getByRole('form', { name: 'New webhook endpoint' })
    expect(document.activeElement).toBe(within(form).getByLabelText('Endpoint URL'))
    await user.keyboard('https://hooks.example.com/storyreel')
    await user.type(within(form).getByLabelText('Description (optional)'), 'Order system')
    // Ticked out of order; sent in the form's order.
    await user.click(within(form).getByRole('checkbox', { name: /batch\.completed/ }))
    await user.click(within(form).getByRole('checkbox', { name: /render\.succeeded/ }))
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))

    const panel = await screen.findByRole('region', { name: 'Copy the signing secret now' })
    expect(within(panel).getByLabelText<HTMLTextAreaElement>('Signing secret').value).toBe(SECRET)
    expect(within(panel).getByText(/shown only this once/)).toBeTruthy()
    expect(within(panel).getByText('standardwebhooks')).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: 'Copy secret' }))
    expect(writeText).toHaveBeenCalledWith(SECRET)
    expect(within(panel).getByText('Copied to the clipboard.')).toBeTruthy()

    await screen.findByRole('list', { name: 'Your webhook endpoints' })
    await user.click(within(panel).getByRole('button', { name: 'I’ve saved it' }))
    expect(screen.queryByDisplayValue(SECRET)).toBeNull()
    expect(document.body.textContent).not.toContain(SECRET)
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
  })

  it('says what is missing before sending, and shows the API’s refusal beside the form', async () => {
    const user = userEvent.setup()
    const logged = vi.mocked(console.error).mockImplementation(() => undefined)
    const calls = renderSection(({ method }) =>
      method === 'POST'
        ? refused(
            422,
            'WEBHOOK_URL_NOT_ALLOWED',
            'This address leads to a private network, which StoryReel does not send to.',
          )
        : { body: { webhooks: [], limit: 10 } },
    )
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }))
    const form = screen.getByRole('form', { name: 'New webhook endpoint' })
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
    expect(within(form).getByText(/Enter the address StoryReel should send events to/)).toBeTruthy()
    expect(within(form).getByLabelText('Endpoint URL').getAttribute('aria-invalid')).toBe('true')
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://10.0.0.5/hook')
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
    expect(within(form).getByText('Choose at least one event to send.')).toBeTruthy()
    expect(document.activeElement).toBe(within(form).getByRole('checkbox', { name: /render\.succeeded/ }))
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0)

    await user.keyboard(' ')
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      'This address leads to a private network, which StoryReel does not send to.',
    )
    expect(logged).toHaveBeenCalledWith(expect.any(ApiError))
    expect(screen.queryByRole('region', { name: 'Copy the signing secret now' })).toBeNull()
  })

  it('turns an endpoint off and on with its switch', async () => {
    const user = userEvent.setup()
    let endpoint = ENDPOINT
    const calls = renderSection(({ method, body }) => {
      if (method === 'PATCH') {
        endpoint = { ...endpoint, ...(body as { enabled: boolean }) }
        return { body: endpoint }
      }
      return { body: { webhooks: [endpoint], limit: 10 } }
    })
    const toggle = await screen.findByRole('switch', { name: /On: events are sent/ })
    await user.click(toggle)
    expect(await screen.findByRole('switch', { name: /Off: events wait/ })).toHaveProperty('checked', false)
    const patch = calls.find((call) => call.method === 'PATCH')
    expect(patch?.url.pathname).toBe(`/api/v1/webhooks/${ENDPOINT.id}`)
    expect(patch?.body).toEqual({ enabled: false })

    screen.getByRole('switch').focus()
    await user.keyboard(' ')
    expect(await screen.findByRole('switch', { name: /On: events are sent/ })).toHaveProperty('checked', true)
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { enabled: false },
      { enabled: true },
    ])
  })

  it('opens the delivery log, shows each try, and sends a delivery again', async () => {
    const user = userEvent.setup()
    const calls = renderSection(({ method, url }) => {
      if (url.pathname.endsWith('/resend')) return { status: 202 }
      if (url.pathname.endsWith('/deliveries')) return { body: { deliveries: [DELIVERY] } }
      expect(method).toBe('GET')
      return { body: { webhooks: [ENDPOINT], limit: 10 } }
    })
    const opener = await screen.findByRole('button', { name: 'Show deliveries' })
    expect(opener.getAttribute('aria-expanded')).toBe('false')
    await user.click(opener)
    expect(opener.getAttribute('aria-expanded')).toBe('true')
    const log = await screen.findByRole('list', { name: 'Deliveries to Order system' })
    const row = within(log).getByRole('button', { name: /render\.succeeded/ })
    expect(row.textContent).toContain('Failed')
    expect(row.textContent).toContain('2 tries')
    await user.click(row)
    const tries = within(log).getByRole('list', { name: 'Tries' })
    expect(within(tries).getByText('HTTP 500')).toBeTruthy()
    expect(within(tries).getByText('upstream exploded')).toBeTruthy()
    expect(within(tries).getByText('No answer')).toBeTruthy()
    expect(within(tries).getByText('The receiver did not answer within 10 seconds.')).toBeTruthy()
    expect(within(log).getByText(/"id": "render-1"/)).toBeTruthy()

    const before = calls.filter((call) => call.url.pathname.endsWith('/deliveries')).length
    await user.click(within(log).getByRole('button', { name: 'Send again' }))
    await vi.waitFor(() =>
      expect(toasts.getToasts().map((toast) => toast.message)).toContain(
        'The render.succeeded delivery is being sent again.',
      ),
    )
    const resend = calls.find((call) => call.url.pathname.endsWith('/resend'))
    expect(resend?.method).toBe('POST')
    expect(resend?.url.pathname).toBe(`/api/v1/webhooks/${ENDPOINT.id}/deliveries/${DELIVERY.id}/resend`)
    // The log is read again, so the new try shows.
    expect(calls.filter((call) => call.url.pathname.endsWith('/deliveries')).length).toBeGreaterThan(before)
  })

  it('deletes an endpoint only after confirming', async () => {
    const user = userEvent.setup()
    let endpoints = [ENDPOINT]
    const calls = renderSection(({ method }) => {
      if (method === 'DELETE') {
        endpoints = []
        return { status: 204 }
      }
      return { body: { webhooks: endpoints, limit: 10 } }
    })
    await user.click(await screen.findByRole('button', { name: 'Delete Order system' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this endpoint?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Delete Order system' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete endpoint' }))
    await screen.findByText(/No endpoints yet/)
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(`/api/v1/webhooks/${ENDPOINT.id}`)
  })

  it('shows the loading state, then a failure with a way to try again', async () => {
    const user = userEvent.setup()
    const logged = vi.mocked(console.error).mockImplementation(() => undefined)
    let fail = true
    renderSection(() =>
      fail ? refused(500, 'INTERNAL_ERROR', 'Something broke.') : { body: { webhooks: [], limit: 10 } },
    )
    expect(screen.getByRole('list', { name: 'Loading your webhook endpoints' }).getAttribute('aria-busy')).toBe('true')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your webhook endpoints could not be loaded.')
    expect(logged).toHaveBeenCalled()
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText(/No endpoints yet/)
  })
})
