import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SERVER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts')

/** Asks the kernel for a port nobody holds, then frees it for the server, which cannot report PORT=0. */
export async function getFreePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** A web build holding only the SPA fallback, which is all loadSite() needs to start the server. */
export async function createEmptyWebBuild(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-web-build-'))
  await mkdir(path.join(dir, 'client'), { recursive: true })
  await writeFile(path.join(dir, 'client', '__spa-fallback.html'), '<!doctype html><html><body></body></html>')
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

export type ServerProcess = {
  url: string
  child: ChildProcess
  /** Everything the process wrote to stderr, for a failure message. */
  stderr(): string
  /** Resolves once the process has exited, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Runs `node apps/api/src/server.ts` as production does, with only the given environment (so a developer's
 * DATABASE_URL or .env never leaks in), and waits until /healthz answers.
 */
export async function startServerProcess({
  env,
  cwd,
  timeoutMs = 30_000,
}: {
  env: Record<string, string>
  cwd: string
  timeoutMs?: number
}): Promise<ServerProcess> {
  const port = env.PORT ?? String(await getFreePort())
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd,
    env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let hasExited = false
  void exited.then(() => (hasExited = true))

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it answered:\n${stderr}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    url,
    child,
    stderr: () => stderr,
    exited,
    kill(signal) {
      if (!hasExited) child.kill(signal)
      return exited
    },
  }
}

/** A JSON call to a running server as a client makes it, with a bearer token; a non-2xx status throws. */
export async function callJson(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** A code e-mail's code, from the outbox a server without SMTP writes to DATA_DIR/outbox (decision 012). */
export async function readOutboxCode(dataDir: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    for (const file of await readdir(path.join(dataDir, 'outbox')).catch(() => [])) {
      const text = await readFile(path.join(dataDir, 'outbox', file), 'utf8')
      const code = text.includes(email) ? /\b(\d{6})\b/.exec(text)?.[1] : undefined
      if (code) return code
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no code e-mail in the outbox')
}
