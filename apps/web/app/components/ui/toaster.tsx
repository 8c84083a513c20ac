import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'

import { toasts as toastStore, type Toast } from '#app/lib/toast.ts'

const TONE_STYLES: Record<Toast['tone'], { box: string; dot: string; label: string }> = {
  positive: { box: 'border-emerald-400/40', dot: 'bg-emerald-400', label: 'Done' },
  negative: { box: 'border-rose-400/50', dot: 'bg-rose-400', label: 'Problem' },
  info: { box: 'border-line', dot: 'bg-brand-400', label: 'Note' },
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false)
  const remaining = useRef(toast.timeoutMs)
  useEffect(() => {
    if (paused || toast.timeoutMs <= 0) return
    const startedAt = Date.now()
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - startedAt
    }
  }, [paused, toast.id, toast.timeoutMs, onDismiss])
  const tone = TONE_STYLES[toast.tone]
  return (
    <li
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl border bg-raised/95 p-4 text-sm text-ink shadow-2xl shadow-black/40 ${tone.box}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${tone.dot}`} aria-hidden="true" />
      <p role={toast.tone === 'negative' ? 'alert' : 'status'} className="flex-1 whitespace-pre-line leading-relaxed">
        <span className="sr-only">{tone.label}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        className="-m-1 rounded-full p-1 text-muted transition-colors hover:text-ink"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true" focusable="false">
          <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  )
}

const EMPTY: readonly Toast[] = []

/**
 * Renders the toast store, pausing while hovered: at the top, below the sticky header, centred on phones and
 * on the right on larger screens. The bottom of the screen holds the consent bar, a form's last button or
 * sticky submit bar and, on phones, the keyboard; a toast there would hide what the visitor needs next.
 * Leaving a page takes that page's errors away.
 */
export function Toaster() {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts, () => EMPTY)
  const { pathname } = useLocation()
  useEffect(() => toastStore.dismissOtherPages(pathname), [pathname])
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center p-3 tablet:justify-end tablet:px-4"
    >
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {items.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={toastStore.dismiss} />
        ))}
      </ol>
    </section>
  )
}
