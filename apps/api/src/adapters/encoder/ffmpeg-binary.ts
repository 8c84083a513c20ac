import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import type { Writable } from 'node:stream'

const require = createRequire(import.meta.url)

/** The binaries ship inside npm packages, so `npm install` is enough on a fresh machine (issue #6). */
export const FFMPEG_PATH: string = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
export const FFPROBE_PATH: string = (require('@ffprobe-installer/ffprobe') as { path: string }).path

export type FfmpegRun = { stdout: Buffer; stderr: string }

export type RunOptions = {
  input?: Buffer
  /** Written to file descriptors 3, 4 ... (`-i pipe:3`), for a second raw input beside stdin. */
  extraInputs?: Buffer[]
  signal?: AbortSignal
}

/** Runs a binary to completion; a non-zero exit rejects with the tail of its stderr. */
export function runBinary(
  binary: string,
  args: string[],
  { input, extraInputs = [], signal }: RunOptions = {},
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const extraPipes = extraInputs.map(() => 'pipe' as const)
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe', ...extraPipes], signal })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-8000)
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err })
      else
        reject(
          new Error(`${binary.split('/').pop()} exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`),
        )
    })
    child.stdin.on('error', () => {})
    child.stdin.end(input)
    extraInputs.forEach((data, index) => {
      const pipe = child.stdio[3 + index] as Writable
      pipe.on('error', () => {})
      pipe.end(data)
    })
  })
}

export const runFfmpeg = (args: string[], options?: RunOptions) =>
  runBinary(FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], options)

export const runFfprobe = (args: string[]) => runBinary(FFPROBE_PATH, ['-v', 'error', ...args])
