export const LOGO_SCROLL_DURATION_MS = 400

export function easeOutCubic(t: number): number {
  return 1 - Math.pow(1 - t, 3)
}

/**
 * Scrolls the page wrapper (the document's scrolling element) to the top over `duration` ms on an
 * ease-out-cubic curve. Visitors who ask for reduced motion get the jump without the animation.
 */
export function scrollToTop(duration: number): void {
  const scroller = document.scrollingElement ?? document.documentElement
  const start = scroller.scrollTop
  if (start === 0) return
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    scroller.scrollTop = 0
    return
  }
  const startedAt = performance.now()
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / duration)
    scroller.scrollTop = Math.round(start * (1 - easeOutCubic(progress)))
    if (progress < 1) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}
