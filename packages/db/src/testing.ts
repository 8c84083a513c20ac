import { randomBytes } from 'node:crypto'

import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

import { createDb, createPgliteHandle, type CreateDbOptions, type DbHandle } from './client.ts'

/**
 * Test files run side by side on a 2-core machine, where one query can wait seconds for a core: a looser
 * bound than production's keeps such waits from failing as outages. Timeout tests pass their own.
 */
const TEST_QUERY_TIMEOUT_MS = 15_000

export type TestDbOptions = CreateDbOptions & {
  /**
   * A PGlite instance of its own that `close()` really closes, for tests of what a closed database does.
   * Otherwise the instance goes back to this process's idle ones and serves a later test, emptied first.
   */
  ownInstance?: boolean
}

/**
 * Starting PGlite runs initdb inside WebAssembly, seconds of CPU on a 2-core machine, while emptying a
 * migrated instance takes milliseconds. So in-memory test databases share a few live instances per
 * process (a Vitest worker runs many files one after another), each handed out to one test at a time.
 */
const idlePglites: PGlite[] = []

async function emptyTables(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  )
  if (rows.length > 0) await client.exec(`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`)
}

async function takePglite(): Promise<PGlite> {
  const reused = idlePglites.pop()
  if (reused) {
    await emptyTables(reused)
    return reused
  }
  const client = new PGlite()
  await createPgliteHandle(client).migrate()
  return client
}

/**
 * A handle on a shared instance: `close()` returns the instance, after which this handle fails like a
 * closed PGlite, so nothing a finished test left running can reach the next test's data.
 */
async function createSharedPgliteDb(queryTimeoutMs: number): Promise<DbHandle> {
  const client = await takePglite()
  let isReleased = false
  const guarded = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      if (isReleased) return () => Promise.reject(new Error('PGlite is closed'))
      // PGlite keeps its state in private fields, so its methods must run with the instance itself as `this`.
      return (value as (...args: unknown[]) => unknown).bind(target)
    },
  })
  const handle = createPgliteHandle(guarded, queryTimeoutMs)
  return {
    ...handle,
    close: () => {
      if (!isReleased) idlePglites.push(client)
      isReleased = true
      return Promise.resolve()
    },
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server at `postgresUrl` (dropped again by `close()`), so both drivers run the same suite.
 */
export async function createTestDb(
  postgresUrl?: string,
  { ownInstance = false, ...options }: TestDbOptions = {},
): Promise<DbHandle> {
  const queryTimeoutMs = options.queryTimeoutMs ?? TEST_QUERY_TIMEOUT_MS
  if (!postgresUrl) {
    if (!ownInstance) return createSharedPgliteDb(queryTimeoutMs)
    const handle = createDb('memory://', { ...options, queryTimeoutMs })
    await handle.migrate()
    return handle
  }
  const name = `storyreel_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  const handle = createDb(url.toString(), { poolSize: 20, ...options, queryTimeoutMs })
  await handle.migrate()
  return {
    ...handle,
    close: async () => {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: postgresUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/**
 * The drivers a database suite runs on: PGlite always, and PostgreSQL when `npm test` found a server and
 * passed its URL as TEST_DATABASE_URL (the one place tests read the environment).
 */
export const TEST_DRIVERS: ReadonlyArray<{ name: 'PGlite' | 'PostgreSQL'; url?: string }> = [
  { name: 'PGlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL' as const, url: process.env.TEST_DATABASE_URL }] : []),
]
