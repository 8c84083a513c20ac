import sharp from 'sharp'

import { runFfmpeg } from '../encoder/ffmpeg-binary.ts'

/**
 * Photos, clips and tracks with content a test can recognise in a rendered video, made in the test that needs
 * them (sharp and ffmpeg, no files in the repository).
 */

/** The four blocks of makeBlocksPhoto, clockwise from the top left, as RGB. */
export const BLOCK_COLOURS = {
  red: [230, 30, 30],
  green: [30, 200, 60],
  blue: [30, 60, 230],
  yellow: [240, 220, 40],
} as const

/** A photo in four blocks of colour: red top left, green top right, blue bottom left, yellow bottom right. */
export async function makeBlocksPhoto(output: string, { width = 640, height = 360 } = {}): Promise<void> {
  const [halfWidth, halfHeight] = [Math.round(width / 2), Math.round(height / 2)]
  const block = (rgb: readonly number[], left: number, top: number) =>
    sharp({
      create: {
        width: left === 0 ? halfWidth : width - halfWidth,
        height: top === 0 ? halfHeight : height - halfHeight,
        channels: 3,
        background: { r: rgb[0] ?? 0, g: rgb[1] ?? 0, b: rgb[2] ?? 0 },
      },
    })
      .png()
      .toBuffer()
      .then((input) => ({ input, left, top }))
  const blocks = await Promise.all([
    block(BLOCK_COLOURS.red, 0, 0),
    block(BLOCK_COLOURS.green, halfWidth, 0),
    block(BLOCK_COLOURS.blue, 0, halfHeight),
    block(BLOCK_COLOURS.yellow, halfWidth, halfHeight),
  ])
  await sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite(blocks)
    .jpeg({ quality: 95 })
    .toFile(output)
}

/**
 * A portrait photo (9:16 by default) that shows whether it is whole and sharp: a black-and-white checkerboard of
 * `square`-pixel squares, with a red band across its top and bottom tenth.
 */
export async function makePortraitPhoto(output: string, { width = 270, height = 480, square = 15 } = {}) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      const band = y < height / 10 || y >= height - height / 10
      const light = (Math.floor(x / square) + Math.floor(y / square)) % 2 === 0
      const [r, g, b] = band ? [220, 20, 20] : light ? [245, 245, 245] : [10, 10, 10]
      pixels[at] = r
      pixels[at + 1] = g
      pixels[at + 2] = b
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(output)
}

/** The colours of makeSecondsClip, one for each second of the clip. */
export const SECOND_COLOURS = [
  [0, 0, 0],
  [255, 255, 255],
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 0],
  [255, 0, 255],
  [0, 255, 255],
] as const
const hex = (rgb: readonly number[]) => `0x${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`

/**
 * An H.264 clip at 30 fps that tells its time by colour: around second k (from k - 0.5 to k + 0.5 s) it is
 * SECOND_COLOURS[k], so its frame at 2.0 s is red and at 4.97 s yellow. With `tone`, a 440 Hz tone as its
 * AAC sound, as loud as a voice recording (about -16 LUFS).
 */
export async function makeSecondsClip(
  output: string,
  { width = 320, height = 180, seconds = 8, tone = false } = {},
): Promise<void> {
  const inputs: string[] = []
  const count = seconds + 1
  for (let k = 0; k < count; k++) {
    const duration = k === 0 || k === count - 1 ? 0.5 : 1
    const colour = SECOND_COLOURS[k % SECOND_COLOURS.length] ?? [0, 0, 0]
    inputs.push('-f', 'lavfi', '-i', `color=c=${hex(colour)}:s=${width}x${height}:r=30:d=${duration}`)
  }
  const video = `${Array.from({ length: count }, (_, k) => `[${k}:v]`).join('')}concat=n=${count}:v=1:a=0,format=yuv420p[v]`
  await runFfmpeg([
    '-y',
    ...inputs,
    ...(tone ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : []),
    '-filter_complex',
    tone ? `${video};[${count}:a]volume=-6dB,aformat=channel_layouts=stereo[a]` : video,
    '-map',
    '[v]',
    ...(tone ? ['-map', '[a]', '-c:a', 'aac', '-b:a', '128k'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    '30',
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-t',
    String(seconds),
    output,
  ])
}

/**
 * A photo with the detail of a real one (for speed figures): a deep zoom of the Mandelbrot set, which has
 * edges and gradients at every scale, in colour, with a sensor's noise.
 */
export async function makeDetailedPhoto(output: string, { width = 1600, height = 1200, seed = 0 } = {}) {
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `mandelbrot=s=${width}x${height}:start_scale=${(0.012 / (1 + seed)).toFixed(5)}:start_x=${(-0.7436 - seed * 0.0004).toFixed(6)}:start_y=0.1318:maxiter=2000:inner=period`,
    // A camera's sensor noise, so the picture has the fine detail of a photo.
    '-vf',
    'noise=alls=8',
    '-frames:v',
    '1',
    '-q:v',
    '2',
    output,
  ])
}

/**
 * An H.264 clip with the detail and motion of a real one (for speed figures): ffmpeg's moving test pattern
 * (testsrc2) with Conway's game of life blended over it, at 30 fps, with a tone as its sound.
 */
export async function makeDetailedClip(output: string, { width = 1920, height = 1080, seconds = 6 } = {}) {
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${width}x${height}:r=30`,
    '-f',
    'lavfi',
    '-i',
    `life=s=${Math.round(width / 4)}x${Math.round(height / 4)}:r=30:mold=10:ratio=0.2:death_color=#203040:life_color=#e0c080,scale=${width}:${height}:flags=neighbor`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=48000:duration=${seconds}`,
    '-filter_complex',
    '[0:v][1:v]blend=all_mode=overlay:all_opacity=0.5,format=yuv420p[v]',
    '-map',
    '[v]',
    '-map',
    '2:a',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    output,
  ])
}

/**
 * A logo a test can find in a frame: a square of pure red (`width`×`height`), as PNG, WebP (lossless, so its
 * edges stay sharp) or JPEG. With `clearRight`, the right half is fully transparent: what is under it must show.
 */
export async function makeLogo(
  output: string,
  {
    format = 'png',
    width = 200,
    height = 200,
    clearRight = false,
  }: { format?: 'png' | 'webp' | 'jpeg'; width?: number; height?: number; clearRight?: boolean } = {},
): Promise<void> {
  const pixels = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4
      pixels[at] = 255
      pixels[at + 3] = clearRight && x >= width / 2 ? 0 : 255
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 4 } })
  if (format === 'webp') await image.webp({ lossless: true }).toFile(output)
  else if (format === 'jpeg') await image.jpeg({ quality: 95 }).toFile(output)
  else await image.png().toFile(output)
}

/** A photo of one flat colour: a frame with nothing in it but what a test lays over it. */
export async function makeFlatPhoto(output: string, rgb: readonly number[], { width = 640, height = 640 } = {}) {
  await sharp({
    create: { width, height, channels: 3, background: { r: rgb[0] ?? 0, g: rgb[1] ?? 0, b: rgb[2] ?? 0 } },
  })
    .jpeg({ quality: 95 })
    .toFile(output)
}
