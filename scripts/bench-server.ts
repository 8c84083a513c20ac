import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

import { ROOT } from './build-state.ts'

/**
 * Starts the production server (as `npm start` runs it) on 127.0.0.1 for a benchmark and waits until it
 * answers. `env` overrides the inherited environment; an undefined value removes a variable.
 */
export async function startServer(
  port: number,
  env: Record<string, string | undefined> = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(ROOT, 'test-results', `bench-data-${port}`),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 30 s')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
