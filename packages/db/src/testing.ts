import { randomBytes } from 'node:crypto'

import pg from 'pg'

import { createDb, type CreateDbOptions, type DbHandle } from './client.ts'

/**
 * Test files run side by side on a 2-core machine, where one query can wait seconds for a core: a looser
 * bound than production's keeps such waits from failing as outages. Timeout tests pass their own.
 */
const TEST_QUERY_TIMEOUT_MS = 15_000

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server at `postgresUrl` (dropped again by `close()`), so both drivers run the same suite.
 */
export async function createTestDb(
  postgresUrl?: string,
  options: CreateDbOptions = { queryTimeoutMs: TEST_QUERY_TIMEOUT_MS },
): Promise<DbHandle> {
  if (!postgresUrl) {
    const handle = createDb('memory://', options)
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
  const handle = createDb(url.toString(), { poolSize: 20, ...options })
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
