import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'

import type { RenderJob, Resolution } from '@storyreel/contracts/studio'

import { getSession } from '#app/lib/session.ts'

import { isTerminalRender, watchRender } from './render-stream.ts'
import { explainStudioError } from './studio-errors.ts'
import { getRenderEventsUrl, studioApi } from './studio-api.ts'

export const usageQuery = { queryKey: ['studio', 'usage'], queryFn: () => studioApi.getUsage() } as const

export type RenderProblem = { title: string; detail: string[] }

/** Follows a job that is still going, through the event stream (or polling), until it ends. */
function useRenderProgress(projectId: string, job: RenderJob | undefined, onUpdate: (job: RenderJob) => void) {
  const onUpdateRef = useRef(onUpdate)
  useEffect(() => {
    onUpdateRef.current = onUpdate
  })
  const active = job !== undefined && !isTerminalRender(job)
  const watchKey = active ? `${job.id}:${job.attempts}` : undefined
  useEffect(() => {
    if (!watchKey || !job) return
    const controller = new AbortController()
    void watchRender({
      url: getRenderEventsUrl(projectId, job.id),
      getToken: () => getSession().token,
      onUpdate: (next) => onUpdateRef.current(next),
      poll: (signal) => studioApi.getRender(projectId, job.id, signal),
      signal: controller.signal,
    })
    return () => controller.abort()
    // One watch per job attempt (watchKey): the job's own updates must not restart it.
  }, [projectId, watchKey])
}

/**
 * A project's render: today's allowance, the chosen resolution, the latest job as it progresses, and start,
 * retry and cancel. The studio's sticky bar starts renders and the render panel shows them, so both read this
 * one state.
 */
export function useRenderJob({
  projectId,
  initialJob,
  beforeRender,
  onStarted,
  onFinished,
}: {
  projectId: string
  initialJob: RenderJob | null
  /** Saves pending edits; false when they could not be saved. */
  beforeRender: () => Promise<boolean>
  onStarted: () => void
  onFinished: (job: RenderJob) => void
}) {
  const queryClient = useQueryClient()
  const usage = useQuery(usageQuery)
  const [job, setJob] = useState<RenderJob | undefined>(initialJob ?? undefined)
  const [chosenResolution, setResolution] = useState<Resolution>('720p')
  const [busy, setBusy] = useState<'start' | 'cancel' | 'retry'>()
  const [problem, setProblem] = useState<RenderProblem>()

  const onUpdate = (next: RenderJob) => {
    setJob((current) => {
      // Late events of an older attempt never overwrite a newer one.
      if (current && current.id === next.id && next.attempts < current.attempts) return current
      return next
    })
    if (isTerminalRender(next)) {
      onFinished(next)
      void queryClient.invalidateQueries({ queryKey: ['studio', 'usage'] })
      void queryClient.invalidateQueries({ queryKey: ['studio', 'projects'] })
    }
  }
  useRenderProgress(projectId, job, onUpdate)

  const only720 = usage.data?.max_resolution === '720p'
  const resolution: Resolution = only720 ? '720p' : chosenResolution
  const left = usage.data ? Math.max(0, usage.data.renders_per_day - usage.data.renders_today) : undefined

  async function run(kind: 'start' | 'retry') {
    setProblem(undefined)
    setBusy(kind)
    try {
      if (!(await beforeRender())) {
        setProblem({ title: 'Your latest edits are not saved yet', detail: ['Fix the marked scenes, then render.'] })
        return
      }
      const started =
        kind === 'retry' && job
          ? await studioApi.retryRender(projectId, job.id)
          : await studioApi.startRender(projectId, resolution)
      onStarted()
      setJob(started)
      void queryClient.invalidateQueries({ queryKey: ['studio', 'usage'] })
    } catch (error) {
      const explained = explainStudioError(error)
      setProblem(
        explained ?? { title: 'The render could not start', detail: [error instanceof Error ? error.message : ''] },
      )
      if (explained) void queryClient.invalidateQueries({ queryKey: ['studio', 'usage'] })
    } finally {
      setBusy(undefined)
    }
  }

  async function cancel() {
    if (!job) return
    setBusy('cancel')
    try {
      setJob(await studioApi.cancelRender(projectId, job.id))
    } catch {
      // The toast says why; the progress keeps streaming.
    } finally {
      setBusy(undefined)
    }
  }

  return {
    job,
    usage: usage.data,
    resolution,
    setResolution,
    only720,
    /** Renders left today; undefined until the allowance has loaded. */
    left,
    active: job !== undefined && !isTerminalRender(job),
    outputs: job?.status === 'succeeded' ? job.outputs : null,
    busy,
    problem,
    start: () => run('start'),
    retry: () => run('retry'),
    cancel,
  }
}

export type RenderJobState = ReturnType<typeof useRenderJob>
