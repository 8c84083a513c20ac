import { useEffect } from 'react'

import { getBreakpoint, serializeViewportCookie, VIEWPORT_BREAKPOINTS } from '#app/lib/viewport.ts'

/** Keeps the current breakpoint in the viewport cookie and updates it when a breakpoint is crossed. */
export function ViewportCookie() {
  useEffect(() => {
    const queries = Object.values(VIEWPORT_BREAKPOINTS).map((px) => window.matchMedia(`(min-width: ${px}px)`))
    const update = () => {
      document.cookie = serializeViewportCookie(getBreakpoint((query) => window.matchMedia(query).matches))
    }
    update()
    queries.forEach((query) => query.addEventListener('change', update))
    return () => queries.forEach((query) => query.removeEventListener('change', update))
  }, [])
  return null
}
