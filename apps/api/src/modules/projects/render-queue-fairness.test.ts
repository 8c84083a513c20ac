import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { DbHandle } from '@storyreel/db/client'
import { eq } from '@storyreel/db/operators'
import { renderJobs, users } from '@storyreel/db/schema'
import { TEST_DRIVERS, createTestDb } from '@storyreel/db/testing'

import { insertBareProject } from '#src/testing/rows.ts'
import { uniqueEmail } from '#src/testing/test-app.ts'

import { createRenderJobsRepository } from './render-jobs.repository.ts'

const LEASE_MS = 60_000

for (const { name, url } of TEST_DRIVERS) {
  describe(`the render queue takes accounts in turn on ${name}`, () => {
    let handle: DbHandle
    let queue: ReturnType<typeof createRenderJobsRepository>

    beforeAll(async () => {
      handle = await createTestDb(url)
      queue = createRenderJobsRepository(handle.db)
    })
    afterAll(() => handle?.close())

    async function account(): Promise<string> {
      const [user] = await handle.db
        .insert(users)
        .values({ email: uniqueEmail('queue'), confirmed: true })
        .returning()
      if (!user) throw new Error('no user')
      return user.id
    }

    /** Queues `count` renders for an account, one project each, a millisecond apart so their order is known. */
    async function queueRenders(userId: string, count: number, label: string): Promise<Map<string, string>> {
      const labels = new Map<string, string>()
      for (let index = 0; index < count; index++) {
        const project = await insertBareProject(handle.db, userId, `${label}${index + 1}`)
        const job = await queue.create({ projectId: project.id, userId, resolution: '720p', spec: {} })
        labels.set(job.id, `${label}${index + 1}`)
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      return labels
    }

    it("serves another account's render after at most one of a batch's, with one worker and with two", async () => {
      const batchOwner = await account()
      const other = await account()
      const labels = new Map([...(await queueRenders(batchOwner, 6, 'A')), ...(await queueRenders(other, 2, 'B'))])
      const claimed: string[] = []
      const claim = async (worker: string) => {
        const job = await queue.claimNext(worker, LEASE_MS)
        if (!job) throw new Error('nothing to claim')
        claimed.push(labels.get(job.id) ?? job.id)
        return job
      }
      const finish = (job: { id: string }, worker: string) =>
        queue.finish(job.id, worker, { status: 'succeeded', outputs: {}, reusedScenes: 0 })

      // One worker: A was first in line, then the accounts alternate while both wait.
      let job = await claim('w1')
      await finish(job, 'w1')
      job = await claim('w1')
      await finish(job, 'w1')
      // Two workers: while one of A's renders runs, the other worker takes B's, not A's next.
      const first = await claim('w1')
      const second = await claim('w2')
      await Promise.all([finish(first, 'w1'), finish(second, 'w2')])
      for (;;) {
        const next = await queue.claimNext('w1', LEASE_MS)
        if (!next) break
        claimed.push(labels.get(next.id) ?? next.id)
        await finish(next, 'w1')
      }
      expect(claimed).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'A4', 'A5', 'A6'])
    })

    it('never hands one job to two workers claiming at once', async () => {
      const owner = await account()
      await queueRenders(owner, 4, 'C')
      const jobs = await Promise.all(['x1', 'x2', 'x3', 'x4', 'x5'].map((worker) => queue.claimNext(worker, LEASE_MS)))
      const ids = jobs.flatMap((item) => (item ? [item.id] : []))
      expect(new Set(ids).size).toBe(ids.length)
      const running = await handle.db.select().from(renderJobs).where(eq(renderJobs.userId, owner))
      expect(running.filter((row) => row.status === 'running')).toHaveLength(ids.length)
    })
  })
}
