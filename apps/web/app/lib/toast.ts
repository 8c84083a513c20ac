/** A notification lasts 5000 ms unless told otherwise. */
export const TOAST_TIMEOUT_MS = 5000

export type ToastTone = 'positive' | 'negative' | 'info'
export type Toast = {
  id: number
  tone: ToastTone
  message: string
  timeoutMs: number
  /** The path of the page the toast is about: it goes when the visitor leaves that page. */
  page?: string
}
export type Notify = (toast: { tone: ToastTone; message: string; timeoutMs?: number; page?: string }) => number

/** A tiny store the <Toaster> renders; anything may raise a toast without a React context. */
export function createToastStore() {
  let toasts: readonly Toast[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const listener of listeners) listener()
  }
  const update = (next: readonly Toast[]) => {
    if (next.length === toasts.length) return
    toasts = next
    emit()
  }
  const notify: Notify = ({ tone, message, timeoutMs = TOAST_TIMEOUT_MS, page }) => {
    const id = nextId++
    // The same message again (a retried save, a second click) replaces the one showing and restarts its
    // time, rather than stacking copies of it.
    const others = toasts.filter((toast) => toast.tone !== tone || toast.message !== message)
    toasts = [...others, { id, tone, message, timeoutMs, ...(page === undefined ? {} : { page }) }].slice(-5)
    emit()
    return id
  }
  return {
    notify,
    dismiss: (id: number) => update(toasts.filter((toast) => toast.id !== id)),
    /** The visitor is on `page` now: toasts about another page are out of date. */
    dismissOtherPages: (page: string) =>
      update(toasts.filter((toast) => toast.page === undefined || toast.page === page)),
    getToasts: () => toasts,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export type ToastStore = ReturnType<typeof createToastStore>

export const toasts: ToastStore = createToastStore()
