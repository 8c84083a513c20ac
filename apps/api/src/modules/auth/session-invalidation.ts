import { randomUUID } from 'node:crypto'

import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'

export type Invalidation = { kind: 'token'; id: string } | { kind: 'user'; id: string }

/** How long a publisher waits to hear its own message back before answering anyway. */
const ECHO_TIMEOUT_MS = 250

/**
 * Tells every instance to drop cached sessions: a message on a Redis channel that each instance both
 * publishes to and listens on. Without Redis there is one instance, and the local cache is the only one.
 */
export function createSessionInvalidation({
  redis,
  channel,
  onInvalidate,
  log,
}: {
  redis: Redis | undefined
  channel: string
  onInvalidate: (message: Invalidation) => void
  log: FastifyBaseLogger
}) {
  const subscriber = redis?.duplicate({ enableOfflineQueue: true })
  const awaitingEcho = new Map<string, () => void>()
  const ready = subscriber?.subscribe(channel).catch((error: unknown) => {
    log.error({ err: error }, 'session invalidation channel unavailable')
  })
  subscriber?.on('message', (received: string, payload: string) => {
    if (received !== channel) return
    try {
      const message = JSON.parse(payload) as Invalidation & { echo?: string }
      if ((message.kind === 'token' || message.kind === 'user') && typeof message.id === 'string') {
        onInvalidate({ kind: message.kind, id: message.id })
      }
      if (message.echo) awaitingEcho.get(message.echo)?.()
    } catch {
      log.warn('ignored a malformed session invalidation message')
    }
  })

  return {
    ready: async () => {
      await ready
    },
    /**
     * Drops the entry here at once, then tells the other instances, and answers once its own copy of the
     * message has come back: Redis delivers to every subscriber in one pass, so the others have it too.
     */
    async publish(message: Invalidation): Promise<void> {
      onInvalidate(message)
      if (!redis) return
      const echo = randomUUID()
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ECHO_TIMEOUT_MS)
        awaitingEcho.set(echo, () => {
          clearTimeout(timer)
          resolve()
        })
      })
      try {
        await redis.publish(channel, JSON.stringify({ ...message, echo }))
        await heard
      } catch (error) {
        // Other instances then keep the entry until its time-to-live ends; say so loudly.
        log.error({ err: error, kind: message.kind }, 'could not broadcast a session invalidation')
      } finally {
        awaitingEcho.delete(echo)
      }
    },
    close: () => {
      subscriber?.disconnect()
    },
  }
}

export type SessionInvalidation = ReturnType<typeof createSessionInvalidation>
