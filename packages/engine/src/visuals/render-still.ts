import { createCanvas } from '@napi-rs/canvas'

import type { SceneArt } from './visual-engine.ts'

/** One frame of a scene as a JPEG (quality 88), for posters and thumbnails. */
export async function renderStill(art: SceneArt, width: number, height: number, time: number): Promise<Buffer> {
  const canvas = createCanvas(width, height)
  await art.prepareFrame?.(time)
  art.drawFrame(canvas.getContext('2d'), time)
  return canvas.encode('jpeg', 88)
}
