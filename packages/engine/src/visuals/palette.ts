import type { VideoStyle } from '@storyreel/contracts/studio'

import { hsl, mix, shade, type Hsl } from './color.ts'
import type { SceneSpec, Setting } from './scene-interpreter.ts'

export type Palette = {
  skyTop: Hsl
  skyBottom: Hsl
  sun: Hsl
  far: Hsl
  mid: Hsl
  ground: Hsl
  groundDark: Hsl
  accent: Hsl
  accent2: Hsl
  ink: Hsl
  skin: Hsl
  cloth: Hsl
  light: Hsl
  haze: Hsl
  wall: Hsl
}

/** Base colours per setting, as the place looks by day. */
const SETTING_BASE: Record<Setting, { sky: [Hsl, Hsl]; ground: Hsl; far: Hsl; accent: Hsl }> = {
  city: {
    sky: [hsl(212, 0.6, 0.55), hsl(200, 0.55, 0.82)],
    ground: hsl(220, 0.1, 0.3),
    far: hsl(215, 0.2, 0.55),
    accent: hsl(40, 0.9, 0.6),
  },
  street: {
    sky: [hsl(205, 0.55, 0.6), hsl(195, 0.5, 0.85)],
    ground: hsl(25, 0.12, 0.35),
    far: hsl(18, 0.35, 0.55),
    accent: hsl(350, 0.75, 0.6),
  },
  beach: {
    sky: [hsl(198, 0.8, 0.55), hsl(185, 0.7, 0.85)],
    ground: hsl(42, 0.65, 0.76),
    far: hsl(188, 0.7, 0.45),
    accent: hsl(15, 0.9, 0.62),
  },
  ocean: {
    sky: [hsl(205, 0.7, 0.55), hsl(195, 0.55, 0.85)],
    ground: hsl(200, 0.7, 0.35),
    far: hsl(205, 0.35, 0.6),
    accent: hsl(5, 0.8, 0.6),
  },
  forest: {
    sky: [hsl(195, 0.5, 0.62), hsl(90, 0.35, 0.85)],
    ground: hsl(110, 0.4, 0.28),
    far: hsl(150, 0.3, 0.42),
    accent: hsl(45, 0.85, 0.6),
  },
  mountains: {
    sky: [hsl(215, 0.65, 0.55), hsl(200, 0.45, 0.88)],
    ground: hsl(100, 0.3, 0.35),
    far: hsl(225, 0.25, 0.58),
    accent: hsl(30, 0.9, 0.6),
  },
  desert: {
    sky: [hsl(200, 0.55, 0.62), hsl(40, 0.7, 0.85)],
    ground: hsl(32, 0.6, 0.62),
    far: hsl(22, 0.5, 0.55),
    accent: hsl(150, 0.4, 0.4),
  },
  space: {
    sky: [hsl(250, 0.6, 0.08), hsl(275, 0.55, 0.25)],
    ground: hsl(260, 0.2, 0.22),
    far: hsl(290, 0.5, 0.4),
    accent: hsl(180, 0.9, 0.6),
  },
  'night-sky': {
    sky: [hsl(235, 0.6, 0.1), hsl(255, 0.45, 0.3)],
    ground: hsl(230, 0.3, 0.14),
    far: hsl(235, 0.3, 0.22),
    accent: hsl(50, 0.9, 0.75),
  },
  kitchen: {
    sky: [hsl(35, 0.6, 0.8), hsl(30, 0.55, 0.68)],
    ground: hsl(28, 0.45, 0.42),
    far: hsl(40, 0.5, 0.85),
    accent: hsl(10, 0.75, 0.55),
  },
  cafe: {
    sky: [hsl(25, 0.45, 0.5), hsl(30, 0.5, 0.38)],
    ground: hsl(22, 0.45, 0.3),
    far: hsl(30, 0.45, 0.6),
    accent: hsl(160, 0.45, 0.45),
  },
  office: {
    sky: [hsl(210, 0.2, 0.86), hsl(210, 0.15, 0.76)],
    ground: hsl(215, 0.15, 0.45),
    far: hsl(200, 0.55, 0.72),
    accent: hsl(215, 0.8, 0.55),
  },
  classroom: {
    sky: [hsl(45, 0.5, 0.84), hsl(40, 0.4, 0.74)],
    ground: hsl(30, 0.4, 0.45),
    far: hsl(150, 0.35, 0.25),
    accent: hsl(5, 0.75, 0.55),
  },
  stage: {
    sky: [hsl(275, 0.6, 0.1), hsl(300, 0.6, 0.22)],
    ground: hsl(270, 0.3, 0.12),
    far: hsl(280, 0.5, 0.3),
    accent: hsl(320, 0.95, 0.6),
  },
  park: {
    sky: [hsl(200, 0.7, 0.62), hsl(190, 0.6, 0.88)],
    ground: hsl(100, 0.5, 0.45),
    far: hsl(120, 0.35, 0.52),
    accent: hsl(340, 0.8, 0.7),
  },
  snow: {
    sky: [hsl(210, 0.4, 0.7), hsl(205, 0.3, 0.92)],
    ground: hsl(205, 0.3, 0.93),
    far: hsl(215, 0.25, 0.75),
    accent: hsl(0, 0.7, 0.55),
  },
  underwater: {
    sky: [hsl(195, 0.8, 0.45), hsl(210, 0.75, 0.18)],
    ground: hsl(40, 0.4, 0.55),
    far: hsl(200, 0.6, 0.32),
    accent: hsl(15, 0.85, 0.62),
  },
  farm: {
    sky: [hsl(200, 0.65, 0.62), hsl(50, 0.6, 0.88)],
    ground: hsl(80, 0.5, 0.45),
    far: hsl(95, 0.35, 0.55),
    accent: hsl(5, 0.7, 0.5),
  },
  lab: {
    sky: [hsl(185, 0.3, 0.85), hsl(190, 0.25, 0.72)],
    ground: hsl(200, 0.15, 0.5),
    far: hsl(180, 0.3, 0.8),
    accent: hsl(140, 0.8, 0.5),
  },
  gym: {
    sky: [hsl(220, 0.2, 0.3), hsl(220, 0.15, 0.45)],
    ground: hsl(25, 0.2, 0.25),
    far: hsl(220, 0.2, 0.5),
    accent: hsl(10, 0.9, 0.55),
  },
  home: {
    sky: [hsl(35, 0.45, 0.82), hsl(25, 0.4, 0.7)],
    ground: hsl(25, 0.35, 0.4),
    far: hsl(200, 0.35, 0.7),
    accent: hsl(195, 0.6, 0.45),
  },
  abstract: {
    sky: [hsl(260, 0.5, 0.35), hsl(200, 0.55, 0.65)],
    ground: hsl(240, 0.3, 0.3),
    far: hsl(280, 0.4, 0.5),
    accent: hsl(330, 0.85, 0.6),
  },
}

const TIME_TINT = {
  dawn: { top: hsl(225, 0.45, 0.45), bottom: hsl(25, 0.85, 0.75), sun: hsl(35, 1, 0.7), amount: 0.55, dim: -0.05 },
  day: { top: hsl(210, 0.6, 0.55), bottom: hsl(200, 0.4, 0.85), sun: hsl(50, 1, 0.85), amount: 0, dim: 0 },
  sunset: { top: hsl(265, 0.45, 0.35), bottom: hsl(20, 0.9, 0.6), sun: hsl(18, 1, 0.62), amount: 0.7, dim: -0.1 },
  night: { top: hsl(230, 0.55, 0.08), bottom: hsl(245, 0.4, 0.25), sun: hsl(50, 0.4, 0.88), amount: 0.85, dim: -0.25 },
} as const

const MOOD_SHIFT: Record<SceneSpec['mood'], { h: number; s: number; l: number }> = {
  joyful: { h: 6, s: 0.12, l: 0.04 },
  calm: { h: -8, s: -0.12, l: 0.03 },
  dramatic: { h: -10, s: 0.05, l: -0.1 },
  mysterious: { h: 25, s: -0.05, l: -0.1 },
  romantic: { h: 18, s: 0.05, l: 0.02 },
  energetic: { h: 0, s: 0.15, l: 0.02 },
  melancholy: { h: -15, s: -0.25, l: -0.05 },
  epic: { h: -5, s: 0.08, l: -0.04 },
  neutral: { h: 0, s: 0, l: 0 },
}

/** The scene's colours: the place, its hour and weather, the mood, then the style's grade. */
export function createPalette(spec: SceneSpec, style: VideoStyle): Palette {
  const base = SETTING_BASE[spec.setting]
  const indoor = ['kitchen', 'cafe', 'office', 'classroom', 'stage', 'lab', 'gym', 'home'].includes(spec.setting)
  const tint = TIME_TINT[spec.timeOfDay]
  const mood = MOOD_SHIFT[spec.mood]
  // Keywords the lexicons did not know still move the hue a little, so unknown scenes differ from each other.
  const wander = ((spec.variation % 41) - 20) * (spec.setting === 'abstract' ? 4 : 0.6)

  const outdoorSky = (color: Hsl, target: Hsl) => (indoor ? color : mix(color, target, tint.amount))
  let skyTop = outdoorSky(base.sky[0], tint.top)
  let skyBottom = outdoorSky(base.sky[1], tint.bottom)
  const dim = indoor ? tint.dim * 0.3 : tint.dim
  let ground = shade(base.ground, { l: dim })
  let far = outdoorSky(shade(base.far, { l: dim * 0.6 }), tint.top)
  if (spec.weather === 'rain' || spec.weather === 'storm' || spec.weather === 'cloudy' || spec.weather === 'fog') {
    const grey = hsl(215, 0.12, spec.weather === 'storm' ? 0.3 : 0.6)
    skyTop = mix(skyTop, grey, 0.6)
    skyBottom = mix(skyBottom, shade(grey, { l: 0.15 }), 0.55)
    far = mix(far, grey, 0.35)
    ground = shade(ground, { s: -0.1, l: -0.05 })
  }
  const moodShift = (color: Hsl) => shade(color, { h: mood.h + wander, s: mood.s, l: mood.l })
  let palette: Palette = {
    skyTop: moodShift(skyTop),
    skyBottom: moodShift(skyBottom),
    sun: tint.sun,
    far: moodShift(far),
    mid: moodShift(mix(far, ground, 0.55)),
    ground: moodShift(ground),
    groundDark: moodShift(shade(ground, { l: -0.14 })),
    accent: shade(base.accent, { h: wander * 1.5, s: mood.s }),
    accent2: shade(base.accent, { h: 150 + wander, l: 0.05 }),
    ink: hsl(skyTop.h + 10, 0.35, 0.1),
    skin: hsl(22 + (spec.variation % 14), 0.45, 0.38 + ((spec.variation >>> 4) % 30) / 100),
    cloth: shade(base.accent, { h: 180 + wander * 2, s: -0.1, l: -0.1 }),
    light: spec.timeOfDay === 'night' ? hsl(210, 0.5, 0.85) : tint.sun,
    haze: moodShift(mix(skyBottom, hsl(0, 0, 1), 0.2)),
    wall: moodShift(indoor ? base.sky[0] : skyBottom),
  }
  palette = gradeForStyle(palette, style)
  return palette
}

function mapPalette(palette: Palette, fn: (color: Hsl, key: keyof Palette) => Hsl): Palette {
  const out = { ...palette }
  for (const key of Object.keys(palette) as (keyof Palette)[]) out[key] = fn(palette[key], key)
  return out
}

function gradeForStyle(palette: Palette, style: VideoStyle): Palette {
  switch (style) {
    case 'cinematic': {
      // Teal shadows, orange highlights: dark colours lean teal, light ones warm.
      const teal = hsl(188, 0.55, 0.3)
      const orange = hsl(28, 0.8, 0.62)
      return mapPalette(palette, (color, key) =>
        key === 'skin' || key === 'sun'
          ? shade(color, { s: 0.05 })
          : mix(color, color.l < 0.5 ? shade(teal, { l: color.l - 0.3 }) : shade(orange, { l: color.l - 0.62 }), 0.2),
      )
    }
    case 'anime':
      return mapPalette(palette, (color, key) =>
        key === 'ink' ? hsl(color.h, 0.5, 0.12) : shade(color, { s: 0.18, l: color.l < 0.3 ? 0.06 : 0.03 }),
      )
    case 'realistic':
      return mapPalette(palette, (color, key) => (key === 'skin' ? color : shade(color, { s: -0.12 })))
    case '3d-cartoon':
      return mapPalette(palette, (color) => shade(color, { s: 0.25, l: color.l < 0.35 ? 0.12 : 0.04 }))
    case 'watercolor':
      return mapPalette(palette, (color, key) =>
        key === 'ink' ? hsl(25, 0.2, 0.3) : mix(shade(color, { s: -0.2, l: 0.1 }), hsl(40, 0.3, 0.9), 0.15),
      )
    case 'comic':
      return mapPalette(palette, (color, key) =>
        key === 'ink' ? hsl(0, 0, 0.05) : hsl(color.h, Math.min(1, color.s + 0.25), Math.round(color.l * 5) / 5 + 0.04),
      )
  }
}
