import { RenderJobSchema, type RenderJob } from '@storyreel/contracts/studio'

import { createSseParser } from './sse-parser.ts'

export const isTerminalRender = (job: Pick<RenderJob, 'status'>) =>
  job.status === 'succeeded' || job.status === 'failed' || job.status === 'canceled'

export type WatchRenderOptions = {
  url: string
  getToken: () => string | undefined
  /** Every state the server reports, in order. */
  onUpdate: (job: RenderJob) => void
  /** GET .../renders/:renderId, for the fallback and to catch up after a dropped stream. */
  poll: (signal: AbortSignal) => Promise<RenderJob>
  signal: AbortSignal
  fetch?: typeof globalThis.fetch
  /** Stream attempts that may fail in a row before polling takes over. */
  maxStreamFailures?: number
  backoffMs?: number
  pollIntervalMs?: number
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

/** Reads one connection of the event stream; resolves with the last job seen, or undefined if none. */
async function readStream(options: WatchRenderOptions): Promise<RenderJob | undefined> {
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args))
  const token = options.getToken()
  const response = await fetchImpl(options.url, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: options.signal,
    cache: 'no-store',
  })
  if (!response.ok || !response.body) throw new Error(`The progress stream answered ${response.status}.`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const parser = createSseParser()
  let last: RenderJob | undefined
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return last
      for (const message of parser.push(value)) {
        if (message.event !== 'render') continue
        let json: unknown
        try {
          json = JSON.parse(message.data)
        } catch {
          continue
        }
        const parsed = RenderJobSchema.safeParse(json)
        if (!parsed.success) continue
        last = parsed.data
        options.onUpdate(parsed.data)
        if (isTerminalRender(parsed.data)) return last
      }
    }
  } finally {
    reader.releaseLock()
  }
}

/**
 * Follows a render until it succeeds, fails or is canceled: the event stream first, reconnecting with
 * backoff when it drops early, then polling once the stream has failed `maxStreamFailures` times in a row.
 * Resolves with the terminal job, or undefined when aborted.
 */
export async function watchRender(options: WatchRenderOptions): Promise<RenderJob | undefined> {
  const { signal, maxStreamFailures = 3, backoffMs = 500, pollIntervalMs = 1500 } = options
  let failures = 0
  while (!signal.aborted && failures < maxStreamFailures) {
    try {
      const last = await readStream(options)
      if (last && isTerminalRender(last)) return last
      // The stream closed early but worked: start the backoff again.
      if (last) failures = 0
      else failures += 1
    } catch {
      if (signal.aborted) return undefined
      failures += 1
    }
    await sleep(Math.min(8000, backoffMs * 2 ** Math.max(0, failures - 1)), signal)
    // Catch up on what happened while disconnected; a render that ended meanwhile ends the watch here.
    try {
      const job = await options.poll(signal)
      options.onUpdate(job)
      if (isTerminalRender(job)) return job
    } catch {
      if (signal.aborted) return undefined
    }
  }
  while (!signal.aborted) {
    try {
      const job = await options.poll(signal)
      options.onUpdate(job)
      if (isTerminalRender(job)) return job
    } catch {
      if (signal.aborted) return undefined
    }
    await sleep(pollIntervalMs, signal)
  }
  return undefined
}
