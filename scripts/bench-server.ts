import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { ROOT } from './build-state.ts'

export type BenchServer = {
  url: string
  /** CPU time the server has used so far (user and system, ms), where /proc tells it (Linux). */
  cpuMs: () => number | undefined
  stop: () => Promise<void>
}

function readCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    // /proc/<pid>/stat: after the command in parentheses, utime and stime are the 12th and 13th fields, in
    // clock ticks of 1/100 s.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')
    return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : undefined
  } catch {
    return undefined
  }
}

/**
 * Starts the production server (as `npm start` runs it) on 127.0.0.1 for a benchmark and waits until it
 * answers. `env` overrides the inherited environment; an undefined value removes a variable. With
 * `quiet`, the server's log lines (stdout) are dropped rather than mixed into the benchmark's output.
 */
export function startServer(
  port: number,
  env: Record<string, string | undefined> = {},
  { quiet = false }: { quiet?: boolean } = {},
): Promise<BenchServer> {
  return startNodeServer(
    path.join(ROOT, 'apps/api/src/server.ts'),
    port,
    '/healthz',
    { LOG_LEVEL: 'warn', DATA_DIR: path.join(ROOT, 'test-results', `bench-data-${port}`), ...env },
    quiet,
  )
}

/** Starts scripts/bench-bare-server.ts: Fastify with no plugins, answering `{"status":"ok"}` at `/`. */
export function startBareServer(port: number): Promise<BenchServer> {
  return startNodeServer(path.join(ROOT, 'scripts/bench-bare-server.ts'), port, '/')
}

async function startNodeServer(
  script: string,
  port: number,
  readyPath: string,
  env: Record<string, string | undefined> = {},
  quiet = false,
): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${path.basename(script)} did not start within 30 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    cpuMs: () => readCpuMs(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
