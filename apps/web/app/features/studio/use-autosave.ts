import { useCallback, useEffect, useRef, useState } from 'react'

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'invalid' | 'error'

/**
 * Saves `value` a moment after it stops changing, one request at a time; edits made while a save is in
 * flight are saved right after it, so typing is never lost. `getKey` says when two values are the same
 * for the server; `isValid` holds back values the API would refuse.
 */
export function useAutosave<T>({
  value,
  save,
  getKey,
  isValid = () => true,
  delayMs = 800,
}: {
  value: T
  save: (value: T) => Promise<void>
  getKey: (value: T) => string
  isValid?: (value: T) => boolean
  delayMs?: number
}) {
  const key = getKey(value)
  const latest = useRef({ value, key, save, isValid, getKey })
  latest.current = { value, key, save, isValid, getKey }
  const savedKey = useRef(key)
  const inFlight = useRef<Promise<void> | undefined>(undefined)
  const [status, setStatus] = useState<SaveStatus>('saved')

  const flush = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current
    const current = latest.current
    if (current.key === savedKey.current) {
      setStatus('saved')
      return true
    }
    if (!current.isValid(current.value)) {
      setStatus('invalid')
      return false
    }
    setStatus('saving')
    let ok = true
    const run = current.save(current.value).then(
      () => {
        savedKey.current = current.key
      },
      () => {
        ok = false
      },
    )
    inFlight.current = run
    await run
    inFlight.current = undefined
    if (!ok) {
      setStatus('error')
      return false
    }
    if (latest.current.key !== savedKey.current) return flush()
    setStatus('saved')
    return true
  }, [])

  useEffect(() => {
    if (key === savedKey.current) return
    setStatus(isValid(value) ? 'unsaved' : 'invalid')
    const timer = setTimeout(() => void flush(), delayMs)
    return () => clearTimeout(timer)
    // The key stands for the value; a new callback identity alone is no reason to save.
  }, [key, delayMs, flush])

  // Leaving with unsaved edits asks first.
  useEffect(() => {
    if (status === 'saved') return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [status])

  /** Records a value the server already holds (after a re-roll), so it is not sent again. */
  const markSaved = useCallback((saved: T) => {
    savedKey.current = latest.current.getKey(saved)
  }, [])

  return { status, flush, markSaved }
}
