import { describe, expect, it, vi } from 'vitest'

import type { RenderJob } from '@storyreel/contracts/studio'

import { watchRender } from './render-stream.ts'
import { RENDER_JOB } from './studio-test-utils.tsx'

const JOB = RENDER_JOB

const message = (job: Partial<RenderJob>) => `event: render\ndata: ${JSON.stringify({ ...JOB, ...job })}\n\n`

/** A text/event-stream response whose body arrives in the given chunks. */
function streamResponse(chunks: string[], status = 200) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } })
}

const SPLIT = message({ progress: 40, stage: 'visuals' })

describe('watchRender', () => {
  it('sends the Bearer token and reports each event until a terminal status', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        streamResponse([
          ': ping\n\n',
          SPLIT.slice(0, 30),
          SPLIT.slice(30),
          message({ status: 'succeeded', stage: 'done', progress: 100 }),
        ]),
      ),
    )
    const updates: number[] = []
    const poll = vi.fn(() => Promise.resolve(JOB))
    const result = await watchRender({
      url: '/api/v1/projects/p/renders/r/events',
      getToken: () => 'token-1',
      onUpdate: (job) => updates.push(job.progress),
      poll,
      signal: new AbortController().signal,
      fetch,
    })
    expect(result?.status).toBe('succeeded')
    expect(updates).toEqual([40, 100])
    expect(poll).not.toHaveBeenCalled()
    const init = fetch.mock.calls[0]?.[1]
    expect(init?.headers).toEqual({ accept: 'text/event-stream', authorization: 'Bearer token-1' })
  })

  it('reconnects when the stream drops before the end, catching up with one poll first', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(streamResponse([message({ progress: 20 })]))
      .mockResolvedValueOnce(
        streamResponse([message({ progress: 90 }), message({ status: 'failed', progress: 90, error: 'x' })]),
      )
    const updates: string[] = []
    const result = await watchRender({
      url: '/events',
      getToken: () => 't',
      onUpdate: (job) => updates.push(`${job.status}:${job.progress}`),
      poll: () => Promise.resolve({ ...JOB, progress: 50 }),
      signal: new AbortController().signal,
      fetch,
      backoffMs: 1,
    })
    expect(result?.status).toBe('failed')
    expect(updates).toEqual(['running:20', 'running:50', 'running:90', 'failed:90'])
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('falls back to polling when the stream keeps failing', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('nope', { status: 502 })))
    const states = [
      { ...JOB, progress: 60 },
      { ...JOB, progress: 70 },
      { ...JOB, progress: 80 },
      { ...JOB, status: 'canceled' as const },
    ]
    const poll = vi.fn(() => Promise.resolve(states.shift() ?? JOB))
    const result = await watchRender({
      url: '/events',
      getToken: () => 't',
      onUpdate: () => {},
      poll,
      signal: new AbortController().signal,
      fetch,
      backoffMs: 1,
      pollIntervalMs: 1,
      maxStreamFailures: 2,
    })
    expect(result?.status).toBe('canceled')
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(poll).toHaveBeenCalledTimes(4)
  })

  it('stops quietly when aborted', async () => {
    const controller = new AbortController()
    const fetch = vi.fn<typeof globalThis.fetch>((_url, init) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    })
    const watching = watchRender({
      url: '/events',
      getToken: () => 't',
      onUpdate: () => {},
      poll: () => Promise.resolve(JOB),
      signal: controller.signal,
      fetch,
    })
    controller.abort()
    expect(await watching).toBeUndefined()
  })
})
