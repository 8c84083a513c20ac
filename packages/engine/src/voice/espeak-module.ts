import type { ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten'

import { EngineError } from '#src/errors.ts'

let worker: Promise<ESpeakNGWorker> | undefined
let queue: Promise<unknown> = Promise.resolve()

function loadWorker(): Promise<ESpeakNGWorker> {
  // Loading parses ~1 MB of JavaScript and a 24 MB data file (about 0.2 s), so it happens on first use and
  // once per process.
  worker ??= import('@echogarden/espeak-ng-emscripten')
    .then(async ({ default: initialize }) => new (await initialize()).eSpeakNGWorker())
    .catch((error: unknown) => {
      worker = undefined
      throw new EngineError(
        'unavailable',
        'voice',
        `The local speech engine could not start: ${error instanceof Error ? error.message : String(error)}`,
      )
    })
  return worker
}

/**
 * Runs `task` with the one eSpeak NG instance, after every task before it has finished: voice, rate and
 * pitch are global state in eSpeak, so two narrations must never interleave.
 */
export function withEspeak<T>(task: (espeak: ESpeakNGWorker) => Promise<T> | T): Promise<T> {
  const run = queue.then(async () => task(await loadWorker()))
  queue = run.catch(() => undefined)
  return run
}
