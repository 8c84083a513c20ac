import { describe, expect, it } from 'vitest'

import { isDatabaseUnavailableError } from './errors.ts'
import { users } from './schema.ts'
import { createTestDb } from './testing.ts'

describe('createTestDb on PGlite', () => {
  it('hands the next test an empty, migrated database, and the closed handle fails like a closed one', async () => {
    const first = await createTestDb()
    await first.db.insert(users).values({ email: 'left-behind@example.com' })
    await first.close()

    const second = await createTestDb()
    try {
      expect(await second.db.select().from(users)).toEqual([])
      await second.db.insert(users).values({ email: 'left-behind@example.com' })
      const error = await first.ping().then(
        () => undefined,
        (reason: unknown) => reason,
      )
      expect(isDatabaseUnavailableError(error)).toBe(true)
      expect(await second.db.select({ email: users.email }).from(users)).toEqual([{ email: 'left-behind@example.com' }])
    } finally {
      await second.close()
    }
  })
})
