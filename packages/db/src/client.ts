import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'

import * as schema from './schema.ts'

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations')

export type DbKind = 'postgres' | 'pglite'

/** One Drizzle API over either driver; repositories only ever see this type. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>

/**
 * What repositories take: both drivers' databases and their transactions are PgDatabases over this schema,
 * so one repository method runs inside or outside a transaction on either driver.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DbHandle = {
  db: Db
  kind: DbKind
  /** Applies the committed SQL migrations; safe to run on every start. */
  migrate(): Promise<void>
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
}

export type CreateDbOptions = { poolSize?: number; connectionTimeoutMs?: number }

/**
 * Picks the driver from the URL (STYLE §6): `postgres://…` is PostgreSQL through a pool, `memory://` an
 * in-memory PGlite, and anything else a directory for an embedded, persistent PGlite.
 */
export function createDb(url: string, options: CreateDbOptions = {}): DbHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // Below the API's 2-second promise for answering 503 while the database is away (issue #3).
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 1500,
    })
    // A dropped connection must not crash the process; the next query gets a fresh one. The pool hears
    // errors of idle clients only: a client checked out for a transaction emits its own 'error' (its
    // queries fail too, which is what the caller sees), and with no listener that would end the process.
    pool.on('error', () => undefined)
    pool.on('connect', (client) => client.on('error', () => undefined))
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await db.execute(sql`select 1`)
      },
      close: () => pool.end(),
    }
  }
  const dataDir = url === 'memory://' ? undefined : path.resolve(url)
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = new PGlite(dataDir)
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => client.close(),
  }
}
