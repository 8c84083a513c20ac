export type MailMessage = { to: string; subject: string; text: string; html: string }

/** A provider failure is a value the caller handles, not an exception. */
export type SendResult = { ok: true; id: string } | { ok: false; reason: string }

/** Sends one message; SMTP in production, the outbox folder on a machine without mail (decision 012). */
export type Mailer = {
  kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<SendResult>
  close(): void
}
