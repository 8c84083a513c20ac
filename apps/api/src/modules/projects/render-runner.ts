import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import type { StudioConfig } from '#src/config.ts'

import type { PipelineMessage, PipelineResult, PipelineTask, PreviewResult, RenderResult } from './render-pipeline.ts'

const PROCESS_ENTRY = fileURLToPath(new URL('./render-process.ts', import.meta.url))

export type RunOptions = {
  onProgress?: (progress: { stage: string; progress: number; reusedScenes?: number }) => void
  signal?: AbortSignal
}

export class RenderAbortedError extends Error {
  constructor() {
    super('The render was stopped.')
  }
}

/** The child stopped without an answer (killed, out of memory): the job may be tried again. */
export class RendererCrashedError extends Error {}

/**
 * Runs render and preview tasks in a child process (issue #6): drawing hundreds of frames would stall the
 * API's event loop, a crash in a native library must not take the server down, and canceling a render
 * is ending the child. One child serves tasks one after another and is started again after a kill.
 */
export function createRenderRunner({ studio, dataDir }: { studio: StudioConfig; dataDir: string }) {
  let child: ChildProcess | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  function getChild(): ChildProcess {
    // A child that died (killed from outside, a crash in a native library) has a closed channel: start anew.
    if (child?.connected) return child
    child = fork(PROCESS_ENTRY, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    // Sending to a child that just died emits 'error'; the task's own exit handler reports it.
    child.on('error', () => undefined)
    child.unref()
    child.channel?.unref()
    return child
  }

  function runNow(task: PipelineTask, { onProgress, signal }: RunOptions): Promise<PipelineResult> {
    if (signal?.aborted || closed) return Promise.reject(new RenderAbortedError())
    const proc = getChild()
    proc.channel?.ref()
    return new Promise<PipelineResult>((resolve, reject) => {
      const cleanup = () => {
        proc.off('message', onMessage)
        proc.off('exit', onExit)
        signal?.removeEventListener('abort', onAbort)
        proc.channel?.unref()
      }
      const onMessage = (message: PipelineMessage) => {
        if (message.type === 'progress') onProgress?.(message)
        else if (message.type === 'done') {
          cleanup()
          resolve(message.result)
        } else if (message.type === 'error') {
          cleanup()
          reject(new Error(message.message))
        }
      }
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        cleanup()
        if (signal?.aborted) reject(new RenderAbortedError())
        else reject(new RendererCrashedError(`The renderer stopped unexpectedly (${exitSignal ?? `exit ${code}`}).`))
      }
      const onAbort = () => {
        proc.kill('SIGKILL')
      }
      proc.on('message', onMessage)
      proc.once('exit', onExit)
      signal?.addEventListener('abort', onAbort, { once: true })
      proc.send({ task, studio, dataDir }, (error) => {
        if (!error) return
        cleanup()
        reject(new RendererCrashedError(`The renderer could not be reached: ${error.message}`))
      })
    })
  }

  /** Tasks run one at a time, in the order they were given. */
  function run(task: PipelineTask, options: RunOptions): Promise<PipelineResult> {
    const result = queue.then(() => runNow(task, options))
    queue = result.catch(() => undefined)
    return result
  }

  return {
    runRender: (task: Extract<PipelineTask, { kind: 'render' }>, options: RunOptions = {}) =>
      run(task, options) as Promise<RenderResult>,
    runPreview: (task: Extract<PipelineTask, { kind: 'preview' }>, options: RunOptions = {}) =>
      run(task, options) as Promise<PreviewResult>,
    /** Stops the task in progress and refuses new ones. */
    close() {
      closed = true
      child?.kill('SIGKILL')
      child = undefined
    },
  }
}

export type RenderRunner = ReturnType<typeof createRenderRunner>
