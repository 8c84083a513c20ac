import type { FastifyBaseLogger } from 'fastify'

import type { MailMessage, Mailer } from '#src/adapters/mailer/mailer.ts'

/**
 * Sends the account e-mails in the background: the caller answers at once, in the same time whether or not
 * a message went out (no account probing by timing). `drain()` lets a graceful shutdown finish them.
 */
export function createAccountMail({ mailer, log }: { mailer: Mailer; log: FastifyBaseLogger }) {
  const pending = new Set<Promise<void>>()

  return {
    /**
     * `render` runs after the current answer has gone out, so even composing the message adds nothing to it.
     * `kind` names the message in the log; `code` is printed only by the outbox mailer (decision 012).
     */
    send(render: () => MailMessage, { kind, userId, code }: { kind: string; userId?: string; code?: string }): void {
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          const message = render()
          return mailer.send(message).then((result) => ({ result, to: message.to }))
        })
        .then(({ result, to }) => {
          if (!result.ok) {
            log.error({ reason: result.reason, userId, mail: kind }, 'account e-mail not sent')
          } else if (mailer.kind === 'outbox') {
            // Without SMTP the outbox is the only way to read a code, so it is printed for the developer; the
            // fields are named outbox* so the log redaction of codes and e-mails lets them through. With
            // SMTP_URL set, no code ever reaches a log.
            log.info(
              { outboxFile: `${result.id}.eml`, outboxTo: to, mail: kind, ...(code ? { outboxCode: code } : {}) },
              code ? `${kind} code written to the outbox` : `${kind} e-mail written to the outbox`,
            )
          }
        })
        .catch((error: unknown) => log.error({ err: error, userId, mail: kind }, 'account e-mail not sent'))
      const tracked = sending.finally(() => pending.delete(tracked))
      pending.add(tracked)
    },

    async drain(): Promise<void> {
      await Promise.allSettled([...pending])
    },
  }
}

export type AccountMail = ReturnType<typeof createAccountMail>
