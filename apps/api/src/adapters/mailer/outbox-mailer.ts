import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { createTransport } from 'nodemailer'

import type { Mailer } from './mailer.ts'

/**
 * Without SMTP, each message is composed exactly as it would be sent and written to <dataDir>/outbox as an
 * .eml file any mail client opens, so a local `npm start` can still sign people up.
 */
export function createOutboxMailer({ outboxDir, from }: { outboxDir: string; from: string }): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from })
  return {
    kind: 'outbox',
    async send(message) {
      try {
        const info = await transport.sendMail(message)
        const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`
        await mkdir(outboxDir, { recursive: true })
        await writeFile(path.join(outboxDir, `${id}.eml`), info.message as Buffer)
        return { ok: true, id }
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) }
      }
    },
    close: () => transport.close(),
  }
}
