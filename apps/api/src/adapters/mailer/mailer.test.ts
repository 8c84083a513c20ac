import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMailer } from './create-mailer.ts'

const MESSAGE = {
  to: 'ada@example.com',
  subject: 'Your StoryReel code',
  text: 'Your code is 123456',
  html: '<p>Your code is <strong>123456</strong></p>',
}
const FROM = 'StoryReel <no-reply@storyreel.app>'

describe('the outbox mailer', () => {
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-outbox-'))
  })

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('writes each message as an .eml file under <data dir>/outbox', async () => {
    const mailer = createMailer({ from: FROM, dataDir })
    expect(mailer.kind).toBe('outbox')
    const result = await mailer.send(MESSAGE)
    expect(result.ok).toBe(true)
    const files = await readdir(path.join(dataDir, 'outbox'))
    expect(files).toHaveLength(1)
    const eml = await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8')
    expect(eml).toContain('To: ada@example.com')
    expect(eml).toContain('From: StoryReel <no-reply@storyreel.app>')
    expect(eml).toContain('Subject: Your StoryReel code')
    expect(eml).toContain('Content-Type: text/plain')
    expect(eml).toContain('Content-Type: text/html')
    mailer.close()
  })
})

describe('the SMTP mailer', () => {
  let server: SMTPServer
  let port: number
  const received: string[] = []

  beforeAll(async () => {
    // A real SMTP receiver on 127.0.0.1: the transport is tested over TCP, not mocked.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('delivers the message over SMTP', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, dataDir: '/nonexistent' })
    expect(mailer.kind).toBe('smtp')
    const result = await mailer.send(MESSAGE)
    expect(result.ok).toBe(true)
    expect(received).toHaveLength(1)
    expect(received[0]).toContain('Subject: Your StoryReel code')
    expect(received[0]).toContain('Your code is 123456')
    mailer.close()
  })

  it('reports an unreachable server as a failed result, not an exception', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: FROM, dataDir: '/nonexistent' })
    const result = await mailer.send(MESSAGE)
    expect(result.ok).toBe(false)
    mailer.close()
  })
})
