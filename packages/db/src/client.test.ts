import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createDb, type DbHandle } from './client.ts'
import { isDatabaseUnavailableError } from './errors.ts'
import { redeemCodes, sessions, users } from './schema.ts'
import { createTestDb, TEST_DRIVERS } from './testing.ts'

for (const { name, url } of TEST_DRIVERS) {
  describe(`the schema on ${name}`, () => {
    let handle: DbHandle

    beforeAll(async () => {
      handle = await createTestDb(url)
    })

    afterAll(async () => {
      await handle.close()
    })

    it('answers a ping once migrated', async () => {
      await expect(handle.ping()).resolves.toBeUndefined()
    })

    it('stores users with defaults and keeps e-mails unique', async () => {
      const [user] = await handle.db.insert(users).values({ email: 'ada@example.com' }).returning()
      expect(user).toMatchObject({ email: 'ada@example.com', confirmed: false, role: 'user', disabled: false })
      await expect(handle.db.insert(users).values({ email: 'ada@example.com' })).rejects.toThrow()
    })

    it('refuses roles other than user and admin', async () => {
      await expect(
        handle.db.insert(users).values({ email: 'eve@example.com', role: 'owner' as 'admin' }),
      ).rejects.toThrow()
    })

    it('deletes a user’s sessions with the user', async () => {
      const [user] = await handle.db.insert(users).values({ email: 'grace@example.com' }).returning()
      if (!user) throw new Error('insert returned nothing')
      await handle.db
        .insert(sessions)
        .values({ userId: user.id, tokenHash: 'h1', expiresAt: new Date(Date.now() + 60_000) })
      await handle.db.delete(users).where(eq(users.id, user.id))
      expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
    })

    it('never gives one redeem code to two visitors', async () => {
      await handle.db.insert(redeemCodes).values({ code: 'CODE-1', visitorKey: 'visitor-a' })
      await expect(handle.db.insert(redeemCodes).values({ code: 'CODE-2', visitorKey: 'visitor-a' })).rejects.toThrow()
    })

    it('runs migrations again without changes', async () => {
      await expect(handle.migrate()).resolves.toBeUndefined()
    })
  })
}

describe('createDb with a directory', () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-db-'))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('persists data across a restart', async () => {
    const first = createDb(dir)
    await first.migrate()
    await first.db.insert(users).values({ email: 'persist@example.com' })
    await first.close()
    const second = createDb(dir)
    await second.migrate()
    const rows = await second.db.select().from(users).where(eq(users.email, 'persist@example.com'))
    expect(rows).toHaveLength(1)
    await second.close()
  })
})

describe('createDb on PGlite with a query timeout', () => {
  let handle: DbHandle

  beforeAll(async () => {
    handle = await createTestDb(undefined, { queryTimeoutMs: 300 })
  })
  afterAll(() => handle.close())

  it('fails queries waiting behind a stalled transaction as unavailable, and answers again once it ends', async () => {
    // PGlite answers one caller at a time: a transaction whose code stalls holds everyone else back.
    const stalled = handle.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'first@example.com' })
      await new Promise((resolve) => setTimeout(resolve, 1200))
    })
    const startedAt = performance.now()
    const [queued, transaction] = await Promise.all([
      handle.ping().then(
        () => undefined,
        (error: unknown) => error,
      ),
      handle.db
        .transaction(async (tx) => {
          await tx.insert(users).values({ email: 'late@example.com' })
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        ),
    ])
    expect(performance.now() - startedAt).toBeLessThan(1000)
    expect(isDatabaseUnavailableError(queued)).toBe(true)
    expect(isDatabaseUnavailableError(transaction)).toBe(true)

    await stalled
    await expect(handle.ping()).resolves.toBeUndefined()
    const emails = (await handle.db.select({ email: users.email }).from(users)).map((row) => row.email)
    // The stalled one committed; the abandoned one rolled back when its turn came, writing nothing.
    expect(emails).toEqual(['first@example.com'])
  })
})
