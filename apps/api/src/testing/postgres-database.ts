import { randomBytes } from 'node:crypto'

import { createDb } from '@storyreel/db/client'
import { sql } from '@storyreel/db/operators'

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const admin = createDb(serverUrl, { poolSize: 1 })
  try {
    await admin.db.execute(sql.raw(statement))
  } finally {
    await admin.close()
  }
}

/**
 * An empty database on the PostgreSQL server at `serverUrl`, for tests that hand a URL to a process or to
 * several pools (createTestDb hands out one pool only). The server under test applies the migrations.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `storyreel_test_${randomBytes(6).toString('hex')}`
  await runOnServer(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
  }
}
