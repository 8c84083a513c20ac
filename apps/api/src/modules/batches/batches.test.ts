import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BatchSchema, type Batch } from '@storyreel/contracts/batches'
import { CreatedWebhookSchema } from '@storyreel/contracts/webhooks'
import { TEST_DRIVERS } from '@storyreel/db/testing'

import { expectApiError } from '#src/testing/api-error.ts'
import { createAccount as createTestAccount, createTestApp, type TestApp } from '#src/testing/test-app.ts'
import { startWebhookReceiver } from '#src/testing/webhook-receiver.ts'

const createAccount = (t: TestApp, plan: 'free' | 'paid' = 'paid') => createTestAccount(t, { plan })

/** The names and bytes of a ZIP's files, read from its central directory as an unzip tool does. */
function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const files: { name: string; data: Buffer }[] = []
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    files.push({ name, data: zip.subarray(dataStart, dataStart + size) })
    at += 46 + nameLength + extraLength + commentLength
  }
  return files
}

for (const { name, url } of TEST_DRIVERS) {
  describe(`batches on ${name}`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ databaseUrl: url })
    })
    afterAll(() => t?.close())

    it('names every bad row and column before anything is made', async () => {
      const account = await createAccount(t)
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos/batch',
        headers: account.headers,
        payload: {
          rows: [
            { title: 'no words' },
            { script: 'A baker opens her shop at dawn.', ratio: '4:3' },
            { script: 'A baker opens her shop at dawn.', voice: 'no-such-voice' },
            { script: 'A baker opens her shop at dawn.', template: 'builtin-nothing' },
            { prompt: 'an ad for my bakery', script: 'Both at once.' },
            { script: 'A baker opens her shop at dawn.', style: 'anime' },
            { script: 'A baker\u0000 opens her shop.' },
          ],
        },
      })
      const body = expectApiError(response, 422, 'BATCH_INVALID')
      expect(body.message).toEqual([
        'Row 1: fill in prompt or script',
        expect.stringMatching(/^Row 2: ratio: /),
        'Row 3: voice: there is no voice "no-such-voice" (see GET /api/v1/voices)',
        'Row 4: template: there is no template "builtin-nothing"',
        'Row 5: send either a prompt or a script, not both or neither',
        'Row 7: script: must not contain control characters',
      ])
      const listed = await t.app.inject({ url: '/api/v1/projects', headers: account.headers })
      expect(listed.json<{ projects: unknown[] }>().projects).toHaveLength(0)
    })

    it('takes a CSV file, refuses more rows than the renders left today, and keeps batches to their account', async () => {
      const free = await createAccount(t, 'free')
      const lines = [
        'Script,Title,Style,Ratio',
        '"The fox trots across the snow.\n\nIt leaps.",Fox,anime,16:9',
        'A lighthouse blinks over the sea.,Lighthouse,,',
        'Rain falls on a quiet street.,Rain,watercolor,1:1',
        'A kite climbs over the hill.,Kite,,',
      ]
      const csv = lines.join('\r\n') + '\r\n'
      const over = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos/batch',
        headers: { ...free.headers, 'content-type': 'text/csv' },
        payload: csv,
      })
      expect(expectApiError(over, 429, 'BATCH_OVER_DAILY_LIMIT').message).toBe(
        'This batch has 4 videos and your plan has 3 of its 3 renders left today. Send at most 3 rows now, or the ' +
          'rest after midnight UTC.',
      )
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos/batch?title=Spring%20clips',
        headers: { ...free.headers, 'content-type': 'text/csv' },
        payload: lines.slice(0, 4).join('\n'),
      })
      expect(made.statusCode, made.body).toBe(202)
      const batch = BatchSchema.parse(made.json())
      expect(batch).toMatchObject({ title: 'Spring clips', row_count: 3, counts: { queued: 3 } })
      expect(batch.rows.map((row) => [row.row, row.title, row.state])).toEqual([
        [1, 'Fox', 'queued'],
        [2, 'Lighthouse', 'queued'],
        [3, 'Rain', 'queued'],
      ])
      const stranger = await createAccount(t)
      expectApiError(
        await t.app.inject({ url: `/api/v1/batches/${batch.id}`, headers: stranger.headers }),
        404,
        'BATCH_NOT_FOUND',
      )
      // One column: papaparse finds no delimiter to detect, and reads it all the same.
      const single = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos/batch',
        headers: { ...stranger.headers, 'content-type': 'text/csv' },
        payload: 'script\nA kite climbs the hill.\n',
      })
      expect(single.statusCode, single.body).toBe(202)
      for (const payload of ['prompt;title\nx;y', 'colour\nred', 'prompt\n']) {
        expectApiError(
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/videos/batch',
            headers: { ...stranger.headers, 'content-type': 'text/csv' },
            payload,
          }),
          422,
          'BATCH_INVALID',
        )
      }
      const tooMany =
        'prompt\n' + Array.from({ length: 51 }, (_, index) => `a video about kite number ${index}`).join('\n')
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/videos/batch',
        headers: { ...stranger.headers, 'content-type': 'text/csv' },
        payload: tooMany,
      })
      expect(expectApiError(refused, 422, 'BATCH_INVALID').message).toContain(
        'The file has 51 rows; a batch holds at most 50.',
      )
    })
  })
}

describe('a 5-row batch, rendered', () => {
  let t: TestApp
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    t = await createTestApp({
      env: { RENDER_WORKERS: '1', WEBHOOK_SENDERS: '1', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
    })
  })
  afterAll(async () => {
    await t?.close()
    await receiver?.close()
  })

  it('renders every row, announces batch.completed, and streams the videos as one ZIP', async () => {
    const account = await createAccount(t)
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: account.headers,
      payload: { url: `${receiver.url}/batches`, events: ['batch.completed'] },
    })
    const { secret } = CreatedWebhookSchema.parse(hook.json())
    const words = ['A red kite climbs.', 'Snow falls softly.', 'The sea is calm.', 'A train rolls by.', 'Bread bakes.']
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos/batch',
      headers: { ...account.headers, 'idempotency-key': 'spring-batch-1' },
      payload: {
        title: 'Five small clips',
        rows: words.map((script, index) => ({ script, title: `Clip ${index + 1}`, ratio: '1:1' })),
      },
    })
    expect(made.statusCode, made.body).toBe(202)
    let batch: Batch = BatchSchema.parse(made.json())
    // The same call again is the same batch, not five more videos.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos/batch',
      headers: { ...account.headers, 'idempotency-key': 'spring-batch-1' },
      payload: {
        title: 'Five small clips',
        rows: words.map((script, index) => ({ script, title: `Clip ${index + 1}`, ratio: '1:1' })),
      },
    })
    expect(BatchSchema.parse(again.json()).id).toBe(batch.id)

    const deadline = Date.now() + 240_000
    while (batch.completed_at === null) {
      if (Date.now() > deadline) throw new Error(`the batch did not finish: ${JSON.stringify(batch.counts)}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
      batch = BatchSchema.parse(
        (await t.app.inject({ url: `/api/v1/batches/${batch.id}`, headers: account.headers })).json(),
      )
    }
    expect(batch.counts).toMatchObject({ succeeded: 5, failed: 0, queued: 0, running: 0 })

    const [message] = await receiver.waitFor(1)
    if (!message) throw new Error('no webhook')
    const event = new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }) as { type: string; data: { id: string; counts: Record<string, number> } }
    expect(event).toMatchObject({ type: 'batch.completed', data: { id: batch.id, counts: { succeeded: 5 } } })

    const zip = await t.app.inject({ url: batch.zip_url })
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200)
    expect(zip.headers['content-type']).toBe('application/zip')
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length)
    const files = readZip(zip.rawPayload)
    expect(files.map((file) => file.name)).toEqual([
      '1-Clip 1.mp4',
      '2-Clip 2.mp4',
      '3-Clip 3.mp4',
      '4-Clip 4.mp4',
      '5-Clip 5.mp4',
    ])
    for (const [index, file] of files.entries()) {
      expect(file.data.toString('latin1', 4, 8)).toBe('ftyp')
      expect(file.data.length).toBe(batch.rows[index]?.render?.outputs?.size_bytes)
    }
    // The link is signed for this batch: another batch's id, or no signature, opens nothing.
    const unsigned = await t.app.inject({ url: `/api/v1/batches/${batch.id}/zip` })
    expectApiError(unsigned, 403, 'MEDIA_LINK_INVALID')
  }, 300_000)
})
