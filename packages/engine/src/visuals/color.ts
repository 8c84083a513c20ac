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
  return hsl(from + dh * amount, lerp(color.s, target.s, amount), lerp(color.l, target.l, amount))
}

export function lerp(from: number, to: number, amount: number): number {
  return from + (to - from) * amount
}
