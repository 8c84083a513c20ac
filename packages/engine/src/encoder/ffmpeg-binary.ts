import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import type { Writable } from 'node:stream'

const require = createRequire(import.meta.url)

/**
 * The binaries ship inside npm packages, so `npm install` is enough on a fresh machine; a deployment may
 * point at its own (FFMPEG_PATH, FFPROBE_PATH), for example a distribution's newer build (decision 022).
 */
const binaries = {
  ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
}

/** Uses these binaries instead of the shipped ones, for this process (unset keeps the shipped one). */
export function configureBinaries({ ffmpegPath, ffprobePath }: { ffmpegPath?: string; ffprobePath?: string }) {
  if (ffmpegPath) binaries.ffmpeg = ffmpegPath
  if (ffprobePath) binaries.ffprobe = ffprobePath
}

export const getFfmpegPath = () => binaries.ffmpeg
export const getFfprobePath = () => binaries.ffprobe

/** The first line each binary prints of its own version, with the path it ran. */
export async function getBinaryVersions(): Promise<{ ffmpeg: string; ffprobe: string }> {
  const firstLine = async (binary: string) =>
    `${(await runBinary(binary, ['-version'])).stdout.toString().split('\n')[0]?.trim() ?? ''} (${binary})`
  const [ffmpeg, ffprobe] = await Promise.all([firstLine(binaries.ffmpeg), firstLine(binaries.ffprobe)])
  return { ffmpeg, ffprobe }
}

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
  runBinary(binaries.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], options)

export const runFfprobe = (args: string[], options?: RunOptions) =>
  runBinary(binaries.ffprobe, ['-v', 'error', ...args], options)
