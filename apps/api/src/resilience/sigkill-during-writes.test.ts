import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TEST_DRIVERS } from '@storyreel/db/testing'

import { createPostgresDatabase } from '#src/testing/postgres-database.ts'
import { createEmptyWebBuild, startServerProcess, type ServerProcess } from '#src/testing/server-process.ts'
import { GOOD_PASSWORD, uniqueEmail } from '#src/testing/test-app.ts'

/** Registrations in flight at once: more than the 4 concurrent hashes, so some always wait to be written. */
const WRITERS = 12
/** Acknowledged accounts to collect before the kill: enough to matter, few enough to log in again quickly. */
const ACKNOWLEDGED_BEFORE_KILL = 16

type Account = { email: string; token: string }

/**
 * Registers accounts from WRITERS loops until the server stops answering; only a 201 counts as acknowledged.
 * Resolves, when `ready` fires, with the accounts acknowledged so far and how many requests were in flight.
 */
function writeUntilKilled(url: string) {
  const acknowledged: Account[] = []
  let inFlight = 0
  let stopped = false
  const writer = async () => {
    while (!stopped) {
      const email = uniqueEmail('kill')
      inFlight += 1
      try {
        const response = await fetch(`${url}/api/v1/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: GOOD_PASSWORD }),
        })
        if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`)
        const body = (await response.json()) as { access_token: string }
        acknowledged.push({ email, token: body.access_token })
      } catch (error) {
        // The kill resets every open connection: those requests were never acknowledged.
        if (error instanceof TypeError) stopped = true
        else throw error
      } finally {
        inFlight -= 1
      }
    }
  }
  const writers = Promise.all(Array.from({ length: WRITERS }, writer))
  return {
    acknowledged,
    inFlight: () => inFlight,
    async waitFor(count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      while (acknowledged.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${acknowledged.length} registrations in ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    finished: writers,
  }
}

for (const { name, url: postgresUrl } of TEST_DRIVERS) {
  describe(`SIGKILL during writes on ${name}`, () => {
    let dataDir: string
    let webBuild: Awaited<ReturnType<typeof createEmptyWebBuild>>
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
    const servers: ServerProcess[] = []

    beforeAll(async () => {
      ;[dataDir, webBuild, database] = await Promise.all([
        mkdtemp(path.join(os.tmpdir(), 'storyreel-kill-')),
        createEmptyWebBuild(),
        postgresUrl ? createPostgresDatabase(postgresUrl) : undefined,
      ])
    })

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.kill('SIGKILL')))
      await database?.drop()
      await webBuild?.remove()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    })

    const start = async () => {
      const server = await startServerProcess({
        cwd: dataDir,
        env: {
          DATA_DIR: dataDir,
          WEB_BUILD_DIR: webBuild.dir,
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          SESSION_RATE_LIMIT_PER_MINUTE: '100000',
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      })
      servers.push(server)
      return server
    }

    it('keeps every acknowledged account after the process is killed mid-stream', async () => {
      const first = await start()
      const load = writeUntilKilled(first.url)
      await load.waitFor(ACKNOWLEDGED_BEFORE_KILL)
      const inFlightAtKill = load.inFlight()
      expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })
      await load.finished
      expect(inFlightAtKill).toBeGreaterThan(0)
      const acknowledged = [...load.acknowledged]
      expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL)

      const second = await start()
      const sessions = await Promise.all(
        acknowledged.map(async ({ token }) => {
          const response = await fetch(`${second.url}/api/v1/auth/me`, {
            headers: { authorization: `Bearer ${token}` },
          })
          return response.status
        }),
      )
      expect(sessions).toEqual(acknowledged.map(() => 200))
      const logins = await Promise.all(
        acknowledged.map(async ({ email }) => {
          const response = await fetch(`${second.url}/api/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: GOOD_PASSWORD }),
          })
          return { email, status: response.status }
        }),
      )
      expect(logins).toEqual(acknowledged.map(({ email }) => ({ email, status: 200 })))
      await second.kill('SIGTERM')
    }, 60_000)
  })
}
