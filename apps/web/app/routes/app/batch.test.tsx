// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Batch, BatchRowResult } from '@storyreel/contracts/batches'
import type { RenderJob } from '@storyreel/contracts/studio'

import { mockApi, QueryWrapper, RENDER_JOB, signIn } from '#app/features/studio/studio-test-utils.tsx'
import { storage } from '#app/lib/storage.ts'

import BatchRoute from './batch.tsx'

const BATCH_ID = '00000000-0000-4000-8000-0000000000d1'
const projectId = (row: number) => `00000000-0000-4000-8000-0000000001${String(row).padStart(2, '0')}`

const renderJob = (row: number, overrides: Partial<RenderJob>): RenderJob => ({
  ...RENDER_JOB,
  id: `00000000-0000-4000-8000-0000000002${String(row).padStart(2, '0')}`,
  project_id: projectId(row),
  ...overrides,
})

const row = (
  number: number,
  state: BatchRowResult['state'],
  overrides: Partial<BatchRowResult> = {},
): BatchRowResult => ({
  row: number,
  title: `Video ${number}`,
  project_id: projectId(number),
  render_id: null,
  state,
  error: null,
  render: null,
  ...overrides,
})

function batchOf(rows: BatchRowResult[]): Batch {
  const counts = { queued: 0, running: 0, succeeded: 0, failed: 0, canceled: 0, not_queued: 0, deleted: 0 }
  for (const { state } of rows) counts[state] += 1
  return {
    id: BATCH_ID,
    title: 'Bakery week',
    row_count: rows.length,
    counts,
    created_at: '2026-11-29T12:00:00.000Z',
    completed_at: null,
    zip_url: `/api/v1/batches/${BATCH_ID}/zip?u=1&e=2&s=3`,
    rows,
  }
}

function renderBatch() {
  const Stub = createRoutesStub([
    {
      path: '/app/batches/:id',
      Component: (props: ComponentProps<typeof BatchRoute>) => (
        <QueryWrapper>
          <BatchRoute {...props} />
        </QueryWrapper>
      ),
    },
  ])
  return render(<Stub initialEntries={[`/app/batches/${BATCH_ID}`]} />)
}

describe('/app/batches/:id', () => {
  beforeEach(signIn)
  afterEach(() => {
    storage.clear()
    vi.unstubAllGlobals()
  })

  it('shows each row’s state and holds the ZIP back, saying why, until a video has finished', async () => {
    mockApi(() => ({
      body: batchOf([
        row(1, 'running', { render: renderJob(1, { status: 'running', stage: 'visuals', progress: 40 }) }),
        row(2, 'queued'),
        row(3, 'not_queued', { error: 'The writer could not draft this prompt.' }),
      ]),
    }))
    renderBatch()
    const rows = await screen.findByRole('list', { name: 'Videos of this batch' })
    const running = within(rows).getByRole('listitem', { name: 'Row 1: Video 1' })
    expect(within(running).getByRole('progressbar', { name: 'Rendering row 1' }).getAttribute('aria-valuenow')).toBe(
      '40',
    )
    expect(within(rows).getByRole('listitem', { name: 'Row 2: Video 2' }).textContent).toContain('Queued')
    expect(within(rows).getByRole('listitem', { name: 'Row 3: Video 3' }).textContent).toContain(
      'The writer could not draft this prompt.',
    )
    const zip = screen.getByRole('button', { name: 'Download all (ZIP)' })
    expect(zip.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByText('Ready once the first video has finished')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Batch progress' }).getAttribute('aria-valuenow')).toBe('47')
  })

  it('links each finished video and the ZIP of them all', async () => {
    const outputs = {
      video_url: '/media/1.mp4',
      download_url: '/media/1.mp4?download=1',
      poster_url: '/media/1.jpg',
      srt_url: null,
      vtt_url: null,
      receipt_url: '/media/1.txt',
      duration_seconds: 12,
      width: 720,
      height: 1280,
      size_bytes: 1_000_000,
      expires_at: '2026-11-30T12:00:00.000Z',
    }
    mockApi(() => ({
      body: batchOf([
        row(1, 'succeeded', { render: renderJob(1, { status: 'succeeded', stage: 'done', progress: 100, outputs }) }),
        row(2, 'failed', { render: renderJob(2, { status: 'failed', error: 'The encoder stopped.' }) }),
      ]),
    }))
    renderBatch()
    const done = await screen.findByRole('listitem', { name: 'Row 1: Video 1' })
    expect(within(done).getByRole('link', { name: 'Open project of row 1' }).getAttribute('href')).toBe(
      `/app/projects/${projectId(1)}`,
    )
    expect(within(done).getByRole('link', { name: 'MP4 of row 1' }).getAttribute('href')).toBe(outputs.download_url)
    expect(screen.getByRole('listitem', { name: 'Row 2: Video 2' }).textContent).toContain('The encoder stopped.')
    const zip = screen.getByRole('link', { name: 'Download all (ZIP)' })
    expect(zip.getAttribute('href')).toBe(`/api/v1/batches/${BATCH_ID}/zip?u=1&e=2&s=3`)
    expect(zip.hasAttribute('download')).toBe(true)
    expect(screen.getByText('Finished')).toBeTruthy()
  })
})
