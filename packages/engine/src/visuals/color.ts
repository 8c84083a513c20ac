/** Colours as HSL triples, so palettes can be shifted by mood and style before they become CSS strings. */
export type Hsl = { h: number; s: number; l: number }

export function hsl(h: number, s: number, l: number): Hsl {
  return { h: ((h % 360) + 360) % 360, s: clamp01(s), l: clamp01(l) }
}

export function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value))
}

export function css(color: Hsl, alpha = 1): string {
  const h = color.h.toFixed(1)
  const s = (color.s * 100).toFixed(1)
  const l = (color.l * 100).toFixed(1)
  return alpha >= 1 ? `hsl(${h}, ${s}%, ${l}%)` : `hsla(${h}, ${s}%, ${l}%, ${alpha.toFixed(3)})`
}

export function shade(color: Hsl, { h = 0, s = 0, l = 0 }: { h?: number; s?: number; l?: number }): Hsl {
  return hsl(color.h + h, color.s + s, color.l + l)
}

/** Moves `color` toward `target` by `amount` (0..1), hue along the short way round. */
export function mix(color: Hsl, target: Hsl, amount: number): Hsl {
  // A grey has no real hue: take the target's, so mixing grey toward blue does not swing through red.
  const from = color.s < 0.05 ? target.h : color.h
  let dh = target.h - from
  if (dh > 180) dh -= 360
  if (dh < -180) dh += 360
  // Hues far apart (a blue sky toward a sunset's orange) would pass through green on the way: mix the light.
  if (Math.abs(dh) > 90 && color.s >= 0.05) return mixRgb(color, target, amount)
  return hsl(from + dh * amount, lerp(color.s, target.s, amount), lerp(color.l, target.l, amount))
}

function toRgb({ h, s, l }: Hsl): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const channel = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [channel(0), channel(8), channel(4)]
}

function fromRgb([r, g, b]: [number, number, number]): Hsl {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  if (d < 1e-9) return hsl(0, 0, l)
  const s = d / (1 - Math.abs(2 * l - 1))
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return hsl(h * 60, s, l)
}

function mixRgb(color: Hsl, target: Hsl, amount: number): Hsl {
  const from = toRgb(color)
  const to = toRgb(target)
  return fromRgb([0, 1, 2].map((index) => lerp(from[index] ?? 0, to[index] ?? 0, amount)) as [number, number, number])
}

export function lerp(from: number, to: number, amount: number): number {
  return from + (to - from) * amount
}
