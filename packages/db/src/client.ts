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

import { boundPglite } from './bounded-pglite.ts'
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

export type CreateDbOptions = {
  poolSize?: number
  connectionTimeoutMs?: number
  /** The longest wait for one query's answer before it fails as unavailable (a hung or far too slow server). */
  queryTimeoutMs?: number
}

/** Inside the API's promise of a 503 within 2-3 s while the database is away or hangs. */
export const DEFAULT_QUERY_TIMEOUT_MS = 2000
/** A transaction left open by a client that vanished mid-way holds its locks no longer than this. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000

type PgConnection = { connection: { stream: { destroy(): void } } }

/**
 * After a read timeout the connection's protocol state is unknown (the answer may still come, or never),
 * so it is closed: the pool then replaces it instead of handing a stuck connection to the next caller.
 */
function closeOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const result = query(...args)
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          ;(client as unknown as PgConnection).connection.stream.destroy()
        }
      })
    }
    return result
  }) as typeof client.query
}

/**
 * Picks the driver from the URL: `postgres://…` is PostgreSQL through a pool, `memory://` an
 * in-memory PGlite, and anything else a directory for an embedded, persistent PGlite.
 */
export function createDb(url: string, options: CreateDbOptions = {}): DbHandle {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // Below the API's 2-second promise for answering 503 while the database is away.
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 1500,
      // The client stops waiting for an answer (a hung server sends none); the server stops the statement
      // a moment later, so work nobody waits for does not keep its locks.
      query_timeout: queryTimeoutMs,
      statement_timeout: queryTimeoutMs + 1000,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    })
    // A dropped connection must not crash the process; the next query gets a fresh one. The pool hears
    // errors of idle clients only: a client checked out for a transaction emits its own 'error' (its
    // queries fail too, which is what the caller sees), and with no listener that would end the process.
    pool.on('error', () => undefined)
    pool.on('connect', (client) => {
      client.on('error', () => undefined)
      closeOnReadTimeout(client)
    })
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
    return {
      db,
      kind: 'postgres',
      // Migrations may run longer than any request's query, so they get a connection without the bounds.
      migrate: async () => {
        const migrationPool = new pg.Pool({ connectionString: url, max: 1 })
        // Its connection may still be closing when the server drops it (a test database dropped right
        // after migrating); as for the main pool, that must not end the process.
        migrationPool.on('connect', (client) => client.on('error', () => undefined))
        try {
          await migratePg(drizzlePg({ client: migrationPool, casing: 'snake_case' }), {
            migrationsFolder: MIGRATIONS_DIR,
          })
        } finally {
          await migrationPool.end()
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`)
      },
      close: () => pool.end(),
    }
  }
  const dataDir = url === 'memory://' ? undefined : path.resolve(url)
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  return createPgliteHandle(new PGlite(dataDir), queryTimeoutMs)
}

/** The embedded driver's handle over a PGlite instance; `close()` closes the instance. */
export function createPgliteHandle(client: PGlite, queryTimeoutMs = DEFAULT_QUERY_TIMEOUT_MS): DbHandle {
  const db = drizzlePglite({ client: boundPglite(client, queryTimeoutMs), schema, casing: 'snake_case' })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => client.close(),
  }
}
