import path from 'node:path'

import type { Mailer } from './mailer.ts'
import { createOutboxMailer } from './outbox-mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

/** SMTP when SMTP_URL is set, the outbox folder otherwise: an explicit setting, never an environment check. */
export function createMailer({ smtpUrl, from, dataDir }: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  return smtpUrl
    ? createSmtpMailer({ smtpUrl, from })
    : createOutboxMailer({ outboxDir: path.join(dataDir, 'outbox'), from })
}
