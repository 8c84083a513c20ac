import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { EngineError } from '#src/errors.ts'
import type { EngineOptions } from '#src/options.ts'
import type { RenderCache } from '#src/pipeline/render-cache.ts'
import type {
  PipelineMessage,
  PipelineResult,
  PipelineTask,
  PreviewResult,
  RenderResult,
} from '#src/pipeline/render-pipeline.ts'

import { answerCacheCall, isCacheCall, type CacheCall } from './parent-cache.ts'

const PROCESS_ENTRY = fileURLToPath(new URL('./render-process.ts', import.meta.url))

/**
 * V8 grows each heap of the render process (the process's own and each scene thread's) to twice its live size
 * before a full collection, where it otherwise chose about 1.1 times: a scene thread keeps some 66 MB alive (the
 * engine and its data) and promotes a few MB a second while it draws, so it ran 25-35 mark-compacts a render,
 * each marking all 66 MB to free almost nothing. With this, 69 full collections of a media render became 24, for
 * some 60 MB more memory a heap at its fullest.
 */
const HEAP_GROWING = '--heap-growing-percent=100'

export type RunOptions = {
  onProgress?: (progress: { stage: string; progress: number; reusedScenes?: number }) => void
  signal?: AbortSignal
  /**
   * Reusable parts for this task (kept in shared storage, per owner, say) instead of the local folder
   * `cacheDir`; the child reaches it through this process.
   */
  cache?: RenderCache
}

const aborted = () => new EngineError('aborted', 'renderer', 'The render was stopped.')

/**
 * Runs render and preview tasks in a child process: drawing hundreds of frames would stall the caller's
 * event loop, a crash in a native library must not take a server down, and canceling a render is ending
 * the child. One child serves tasks one after another and is started again after a kill. Failures reject
 * with an EngineError: 'aborted' when stopped, 'crashed' when the child died (the task may be tried
 * again), otherwise the kind the child reported.
 */
export function createRenderRunner(options: EngineOptions) {
  let child: ChildProcess | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false

  function getChild(): ChildProcess {
    // A child that died (killed from outside, a crash in a native library) has a closed channel: start anew.
    if (child?.connected) return child
    child = fork(PROCESS_ENTRY, [], {
      execArgv: [...process.execArgv, HEAP_GROWING],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    // Sending to a child that just died emits 'error'; the task's own exit handler reports it.
    child.on('error', () => undefined)
    child.unref()
    child.channel?.unref()
    return child
  }

  function runNow(task: PipelineTask, { onProgress, signal, cache }: RunOptions): Promise<PipelineResult> {
    if (signal?.aborted || closed) return Promise.reject(aborted())
    const proc = getChild()
    // Held while a task runs: a caller with nothing else to wait on (the command line) must hear the child's
    // 'exit' if it dies, not end with it.
    proc.ref()
    proc.channel?.ref()
    return new Promise<PipelineResult>((resolve, reject) => {
      const cleanup = () => {
        proc.off('message', onMessage)
        proc.off('exit', onExit)
        signal?.removeEventListener('abort', onAbort)
        proc.channel?.unref()
        proc.unref()
      }
      const onMessage = (message: PipelineMessage | CacheCall) => {
        if (isCacheCall(message)) {
          if (!cache) return
          // A child killed meanwhile cannot be answered; its task already failed through 'exit'.
          void answerCacheCall(cache, message).then((reply) => proc.connected && proc.send(reply, () => undefined))
        } else if (message.type === 'progress') onProgress?.(message)
        else if (message.type === 'done') {
          cleanup()
          resolve(message.result)
        } else if (message.type === 'error') {
          cleanup()
          reject(EngineError.fromJSON(message.error))
        }
      }
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        cleanup()
        if (signal?.aborted) reject(aborted())
        else {
          const how = exitSignal ?? `exit ${code}`
          reject(new EngineError('crashed', 'renderer', `The renderer stopped unexpectedly (${how}).`))
        }
      }
      const onAbort = () => {
        proc.kill('SIGKILL')
      }
      proc.on('message', onMessage)
      proc.once('exit', onExit)
      signal?.addEventListener('abort', onAbort, { once: true })
      proc.send({ task, options, sharedCache: cache !== undefined }, (error) => {
        if (!error) return
        cleanup()
        reject(new EngineError('crashed', 'renderer', `The renderer could not be reached: ${error.message}`))
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
    /**
     * Starts the render process and has it load its engines and scene threads now, so the first render after
     * a server starts does not wait for them. Nothing happens if a task is already running or queued.
     */
    warm() {
      if (closed || child?.connected) return
      getChild().send({ warm: true, options }, () => undefined)
    },
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
