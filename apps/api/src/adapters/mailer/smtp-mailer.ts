import { createTransport } from 'nodemailer'

import type { Mailer } from './mailer.ts'

/** nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL), one pooled connection set. */
export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = createTransport(smtpUrl, { from })
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail(message)
        return { ok: true, id: String(info.messageId) }
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) }
      }
    },
    close: () => transport.close(),
  }
}
