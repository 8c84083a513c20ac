import { useEffect, useState } from 'react'

import { CONFIRMATION_CODE_RESEND_SECONDS } from '@storyreel/contracts/auth'

import { storage } from '#app/lib/storage.ts'

/** Seconds until another code may be sent, counted from the stored last-sent time (decision 013). */
export function getResendSecondsLeft(lastSentAt: number | undefined, now: number): number {
  if (!lastSentAt) return 0
  return Math.max(0, Math.ceil((lastSentAt + CONFIRMATION_CODE_RESEND_SECONDS * 1000 - now) / 1000))
}

/**
 * The seconds left before "Send a new code" may be offered again, ticking each second, for the code whose
 * last-sent time is stored under `key`. The server enforces the same cooldown silently.
 */
export function useResendCountdown(key: string) {
  const [now, setNow] = useState(() => Date.now())
  const lastSentAt = storage.get<number>(key)
  const left = getResendSecondsLeft(lastSentAt, now)
  useEffect(() => {
    if (left <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [left])
  return { left, restart: () => setNow(Date.now()) }
}
