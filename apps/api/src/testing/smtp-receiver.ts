import type { AddressInfo } from 'node:net'

import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string; subject: string; text: string; html: string }

/**
 * A real SMTP server on 127.0.0.1: the API's nodemailer transport delivers to it over TCP, and
 * tests read the code from the received message.
 */
export async function startSmtpReceiver() {
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''))
          messages.push({
            to: to.join(', ').toLowerCase(),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          })
          for (const wake of waiters) wake()
          callback()
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the `count`-th message to `to` (1-based), waiting up to `timeoutMs`. */
    async waitForMail(to: string, { count = 1, timeoutMs = 5000 } = {}): Promise<ReceivedMail> {
      const find = () => messages.filter((message) => message.to === to.toLowerCase())[count - 1]
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = find()
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            resolve()
          }
          waiters.add(wake)
          setTimeout(wake, 100).unref()
        })
      }
    },
    mailsTo: (to: string) => messages.filter((message) => message.to === to.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>

/** The six-digit code from a confirmation e-mail's text part. */
export function readCode(mail: ReceivedMail): string {
  const match = /code is: (\d{6})/.exec(mail.text)
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}"`)
  return match[1]
}
