// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { API_KEY_SCOPE_INFO } from '@storyreel/contracts/api-keys'
import { BATCH_COLUMNS } from '@storyreel/contracts/batches'
import { WEBHOOK_EVENT_INFO, WEBHOOK_RETRY_SECONDS } from '@storyreel/contracts/webhooks'

import { installCodeCopyButtons } from '#app/lib/copy-code.ts'

import { DEVELOPER_SECTIONS, DevelopersSections, formatDelay } from './developers-sections.tsx'

function renderPage() {
  const Stub = createRoutesStub([{ path: '/developers', Component: DevelopersSections }])
  render(<Stub initialEntries={['/developers']} />)
}

describe('/developers', () => {
  let stop: (() => void) | undefined
  afterEach(() => stop?.())

  it('has one h1, a section per part of the API, and a link to the API reference', () => {
    renderPage()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    for (const section of DEVELOPER_SECTIONS) {
      expect(screen.getByRole('region', { name: section.title }).id).toBe(section.id)
    }
    const reference = screen.getAllByRole('link', { name: /API reference/ })
    expect(reference.every((link) => link.getAttribute('href') === '/api/docs')).toBe(true)
  })

  it('lists the scopes, the webhook events and the CSV columns from the contracts', () => {
    renderPage()
    const keys = screen.getByRole('region', { name: 'Get an API key' })
    for (const info of API_KEY_SCOPE_INFO) expect(within(keys).getByText(info.scope)).toBeTruthy()
    const webhooks = screen.getByRole('region', { name: 'Webhooks' })
    for (const info of WEBHOOK_EVENT_INFO) expect(within(webhooks).getByText(info.description)).toBeTruthy()
    const waits = within(webhooks).getByRole('list', { name: 'Waits between tries' })
    expect(
      within(waits)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/^Try \d+ after /, '')),
    ).toEqual(WEBHOOK_RETRY_SECONDS.map(formatDelay))
    const batches = screen.getByRole('region', { name: 'A batch from a CSV' })
    for (const column of BATCH_COLUMNS) expect(within(batches).getByText(column, { selector: 'dt' })).toBeTruthy()
  })

  it('copies a code block with its button', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderPage()
    stop = installCodeCopyButtons(document)
    const button = screen.getByRole('button', { name: 'Copy: claude_desktop_config.json' })
    await user.click(button)
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('"mcp:stdio"'))
    const block = button.closest('figure') as HTMLElement
    expect(within(block).getByRole('status').textContent).toBe('Copied to the clipboard.')
    expect(button.hasAttribute('data-copied')).toBe(true)
  })

  it('writes waits in seconds, minutes and hours', () => {
    expect([5, 120, 3600, 43200].map(formatDelay)).toEqual(['5\u00a0s', '2\u00a0min', '1\u00a0h', '12\u00a0h'])
  })
})
