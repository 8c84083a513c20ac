import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const RUNNER = fileURLToPath(new URL('./render-runner.ts', import.meta.url))
const MUSIC_DIR = fileURLToPath(new URL('../../../../content/music', import.meta.url))

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'render-runner-test-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the render runner', () => {
  it('reports a render child that dies, even to a caller with nothing else to wait on', async () => {
    // A process like the command line: one render, then nothing. Its child is killed at its first progress.
    const script = path.join(dir, 'caller.ts')
    await writeFile(
      script,
      `import { execFileSync } from 'node:child_process'
import { createRenderRunner } from ${JSON.stringify(RUNNER)}
const runner = createRenderRunner({ musicDir: ${JSON.stringify(MUSIC_DIR)}, cacheDir: ${JSON.stringify(path.join(dir, 'cache'))} })
let killed = false
const scene = (id: number) => ({ id: '10000000-0000-4000-8000-00000000000' + id, narration: 'Hello there.', visual: 'A lighthouse', duration: 8, seed: 1 })
runner
  .runRender(
    {
      kind: 'render',
      resolution: '720p',
      outDir: ${JSON.stringify(path.join(dir, 'out'))},
      storyboard: {
        settings: { style: 'cinematic', aspect_ratio: '1:1', target_seconds: 16, voice_id: 'en-us-flite-rms', voice_speed: 1, music_id: null, voice_volume: 1, music_volume: 0.3, captions: { enabled: false, style: 'classic' } },
        scenes: [scene(1), scene(2)],
      },
    },
    {
      onProgress: () => {
        if (killed) return
        killed = true
        const [pid] = execFileSync('pgrep', ['-P', String(process.pid)]).toString().trim().split('\\n')
        process.kill(Number(pid), 'SIGKILL')
      },
    },
  )
  .then(
    () => process.exit(0),
    (error: { kind?: string }) => {
      console.log(error.kind)
      process.exit(3)
    },
  )
`,
    )
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect({ code, output: output.trim() }).toEqual({ code: 3, output: 'crashed' })
  }, 60_000)
})
