import { createStillRunner, type StillRunner } from '@storyreel/engine/engine'

/**
 * The real still runner, holding every drawing back until `release()`, so that a test can act while stills
 * are being drawn: `requested(count)` waits until that many have been asked for, and `settled()` until
 * every one asked for has ended, stored or given up.
 */
export function createHeldStillRunner() {
  const real = createStillRunner({ images: undefined })
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const drawings: Promise<unknown>[] = []
  const waiting: { count: number; resolve: () => void }[] = []
  const runner: StillRunner = {
    visualsName: real.visualsName,
    keyOf: real.keyOf,
    get pending() {
      return real.pending
    },
    draw(request, options, control) {
      const drawing = released.then(() => real.draw(request, options, control))
      drawings.push(drawing.catch(() => undefined))
      for (const wait of waiting.filter((item) => drawings.length >= item.count)) wait.resolve()
      return drawing
    },
    close: () => real.close(),
  }
  return {
    runner,
    release: () => release(),
    requested: (count: number) =>
      drawings.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    async settled() {
      // Settling a drawing may ask for another (a request after a warm-up): wait until none is new.
      for (let seen = -1; seen !== drawings.length;) {
        seen = drawings.length
        await Promise.all(drawings)
      }
    },
  }
}
