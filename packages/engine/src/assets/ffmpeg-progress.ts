import { spawn } from 'node:child_process'

import { getFfmpegPath } from '../encoder/ffmpeg-binary.ts'

/**
 * Runs ffmpeg on a whole file, telling `onProgress` how far it has come (0 to 1 of `durationSeconds`),
 * from its `-progress` report. Rejects with the tail of its errors and its exit code (null, with
 * `exitSignal`, when it was killed); aborts with `signal`.
 */
export function runFfmpegWithProgress(
  args: string[],
  {
    durationSeconds,
    onProgress,
    signal,
  }: { durationSeconds: number; onProgress?: (share: number) => void; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      getFfmpegPath(),
      ['-hide_banner', '-loglevel', 'error', '-nostdin', '-nostats', '-progress', 'pipe:1', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'], signal },
    )
    let errors = ''
    let pending = ''
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const match = /^out_time_us=(\d+)$/.exec(line.trim())
        if (match && durationSeconds > 0) onProgress?.(Math.min(1, Number(match[1]) / 1e6 / durationSeconds))
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-8000)
    })
    child.on('error', reject)
    child.on('close', (code, exitSignal) => {
      if (code === 0) return resolve()
      const message = `ffmpeg exited with ${code ?? exitSignal}: ${errors.trim().split('\n').slice(-3).join(' | ')}`
      reject(Object.assign(new Error(message), { exitCode: code, exitSignal }))
    })
  })
}
