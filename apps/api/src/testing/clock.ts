/** A clock the tests can move, so "ten minutes later" takes no time. */
export function createClock() {
  let offsetMs = 0
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => (offsetMs += ms) }
}
