// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Usage } from '@storyreel/contracts/studio'

import { mockApi, QueryWrapper, signIn, VOICES, type Handler } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import NewBatchRoute from './batch-new.tsx'

const BATCH_ID = '00000000-0000-4000-8000-0000000000d1'

const usage = (rendersToday: number, rendersPerDay = 50): Usage => ({
  plan: 'paid',
  renders_today: rendersToday,
  renders_per_day: rendersPerDay,
  max_resolution: '1080p',
  resets_at: '2026-11-30T00:00:00.000Z',
})

/** The lists the page checks rows against; `rest` answers everything else. */
function answer(today: Usage, rest: Handler = () => ({ status: 500 })): Handler {
  return (request) => {
    const path = request.url.pathname
    if (path.endsWith('/usage')) return { body: today }
    if (path.endsWith('/voices')) return { body: { voices: VOICES } }
    if (path.endsWith('/templates')) return { body: { templates: [], own: { count: 0, limit: 3 } } }
    return rest(request)
  }
}

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: '/app/batches/new',
      Component: () => (
        <QueryWrapper>
          <NewBatchRoute />
        </QueryWrapper>
      ),
    },
    { path: '/app/batches/:id', Component: () => <h1>Batch page</h1> },
  ])
  return render(<Stub initialEntries={['/app/batches/new']} />)
}

const csvFile = (lines: string[]) => new File([lines.join('\n')], 'products.csv', { type: 'text/csv' })

describe('/app/batches/new', () => {
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('previews the rows and names each bad one before anything is sent', async () => {
    const user = userEvent.setup()
    const calls = mockApi(answer(usage(0)))
    renderPage()
    await user.upload(
      screen.getByLabelText('CSV file to preview'),
      csvFile([
        'title,prompt,script,ratio,voice',
        'Spring sale,Croissants at 20% off,,9:16,en-gb-oliver',
        'Empty,,,,',
        'Square,A square video,,4:3,',
        'Who,A voice we do not have,,,nobody-here',
      ]),
    )
    const summary = await screen.findByText(/Rows 2, 3, 4 need fixing/)
    const list = within(summary.parentElement as HTMLElement)
    expect(list.getByText('Row 2: fill in prompt or script')).toBeTruthy()
    expect(list.getByText(/^Row 3: ratio: /)).toBeTruthy()
    expect(list.getByText('Row 4: voice: there is no voice "nobody-here"')).toBeTruthy()

    const table = screen.getByRole('table', { name: 'The rows of the CSV' })
    expect(within(table).getByRole('row', { name: 'Row 1' }).textContent).toContain('Croissants at 20% off')
    expect(within(table).getByRole('row', { name: 'Row 2, needs fixing' })).toBeTruthy()
    expect(within(table).getByRole('row', { name: 'Row 4, needs fixing' }).textContent).toContain('nobody-here')

    const submit = screen.getByRole('button', { name: 'Make 4 videos' })
    expect(submit.getAttribute('aria-disabled')).toBe('true')
    expect(submit.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Fix rows 2, 3, 4 in the file, then choose it again.')).toBeTruthy()
    await user.click(submit)
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('holds back a batch larger than the renders left today, with both counts', async () => {
    const user = userEvent.setup()
    mockApi(answer(usage(45)))
    renderPage()
    const rows = Array.from({ length: 12 }, (_, index) => `Product ${index + 1},A short ad for product ${index + 1}`)
    await user.upload(screen.getByLabelText('CSV file to preview'), csvFile(['title,prompt', ...rows]))
    expect(
      await screen.findByText((_, element) => element?.textContent === '12 videos; 5 renders left today'),
    ).toBeTruthy()
    const submit = screen.getByRole('button', { name: 'Make 12 videos' })
    expect(submit.getAttribute('aria-disabled')).toBe('true')
    expect(
      screen.getByText(
        /^This batch has 12 videos and you have 5 renders left today\. Remove 7 rows, or send the rest after/,
      ),
    ).toBeTruthy()
  })

  it('sends the rows as JSON, shows the rows the server refuses, then opens the batch it makes', async () => {
    // The refused call is logged by the query helper, as any unexpected answer is.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = userEvent.setup()
    let refuse = true
    const calls = mockApi(
      answer(usage(0), ({ method, url }) => {
        if (method !== 'POST' || !url.pathname.endsWith('/videos/batch')) return { status: 404 }
        if (refuse) {
          refuse = false
          return {
            status: 422,
            body: {
              statusCode: 422,
              error: 'Unprocessable Entity',
              code: 'BATCH_INVALID',
              message: ['Row 2: template: there is no template "builtin-gone"'],
            },
          }
        }
        return { status: 202, body: { id: BATCH_ID } }
      }),
    )
    renderPage()
    await user.upload(
      screen.getByLabelText('CSV file to preview'),
      csvFile(['prompt,title', 'Croissants,Spring sale', 'Bread,Loaves']),
    )
    await user.type(await screen.findByLabelText('Batch name (optional)'), 'Bakery week')
    await user.click(screen.getByRole('button', { name: 'Make 2 videos' }))
    expect(await screen.findByText('Row 2: template: there is no template "builtin-gone"')).toBeTruthy()
    const post = calls.find((call) => call.method === 'POST')
    expect(post?.body).toEqual({
      title: 'Bakery week',
      rows: [
        { prompt: 'Croissants', title: 'Spring sale' },
        { prompt: 'Bread', title: 'Loaves' },
      ],
    })

    await user.click(screen.getByRole('button', { name: 'Make 2 videos' }))
    expect(await screen.findByRole('heading', { name: 'Batch page' })).toBeTruthy()
  })
})
