/** A small seeded generator, so the same scene and seed always draw the same picture (re-rolls change the seed). */
export type Random = {
  /** A float in [0, 1). */
  next(): number
  range(min: number, max: number): number
  int(min: number, maxExclusive: number): number
  pick<T>(items: readonly T[]): T
  chance(probability: number): boolean
}

/** FNV-1a over the text, mixed with a number: stable across runs and platforms. */
export function hashText(text: string, salt = 0): number {
  let hash = (2166136261 ^ salt) >>> 0
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 16777619) >>> 0
  }
  return hash >>> 0
}

/** mulberry32: fast, good enough for art, and deterministic. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, maxExclusive) => min + Math.floor(next() * (maxExclusive - min)),
    pick: <T>(items: readonly T[]) => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    chance: (probability) => next() < probability,
  }
}
