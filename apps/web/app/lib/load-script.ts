const loading = new Map<string, Promise<void>>()

/**
 * Adds an external script once and resolves when it has run; a failed load is forgotten so a later call
 * can try again (sign-in SDKs load on demand).
 */
export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src)
  if (existing) return existing
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      loading.delete(src)
      script.remove()
      reject(new Error(`Could not load ${new URL(src).host}. Check your connection and try again.`))
    }
    document.head.append(script)
  })
  loading.set(src, promise)
  return promise
}
