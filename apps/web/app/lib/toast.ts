/** A notification lasts 5000 ms unless told otherwise. */
export const TOAST_TIMEOUT_MS = 5000

export type ToastTone = 'positive' | 'negative' | 'info'
export type Toast = { id: number; tone: ToastTone; message: string; timeoutMs: number }
export type Notify = (toast: { tone: ToastTone; message: string; timeoutMs?: number }) => number

/** A tiny store the <Toaster> renders; anything may raise a toast without a React context. */
export function createToastStore() {
  let toasts: readonly Toast[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const listener of listeners) listener()
  }
  const notify: Notify = ({ tone, message, timeoutMs = TOAST_TIMEOUT_MS }) => {
    const id = nextId++
    // The same message again (a retried save, a second click) replaces the one showing and restarts its
    // time, rather than stacking copies of it.
    const others = toasts.filter((toast) => toast.tone !== tone || toast.message !== message)
    toasts = [...others, { id, tone, message, timeoutMs }].slice(-5)
    emit()
    return id
  }
  return {
    notify,
    dismiss: (id: number) => {
      toasts = toasts.filter((toast) => toast.id !== id)
      emit()
    },
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
