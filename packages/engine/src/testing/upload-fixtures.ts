import sharp from 'sharp'

import { runFfmpeg } from '../encoder/ffmpeg-binary.ts'

/**
 * Files people upload, made small in the test that needs them: a camera photo with everything a camera
 * writes, a PNG whose header claims a decompression bomb, and short clips.
 */

/**
 * A landscape photo, red on its left half and blue on its right, stored the way a phone held upright stores
 * it (EXIF orientation 6: shown standing), with the camera's make, serial number and a GPS position.
 */
export async function makeCameraPhoto(): Promise<Buffer> {
  const left = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer()
  return sharp({ create: { width: 120, height: 40, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'Pixelphone', Model: 'P9' },
      IFD2: { BodySerialNumber: 'SN-4242-CAMERA' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 700/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** A PNG signature and a header of `width` × `height` pixels, with almost no picture data behind it. */
export function makePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)])
  }
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(64))])
}

/** A test-pattern H.264 clip; `faststart` puts its index first, as phones and editors often do. */
export async function makeClip(
  output: string,
  { width = 160, height = 120, fps = 30, seconds = 1, faststart = false } = {},
): Promise<void> {
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=${fps}`,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    ...(faststart ? ['-movflags', '+faststart'] : []),
    output,
  ])
}

/** A copy of `input` that players show turned a quarter, as a phone held upright records. */
export async function makeTurnedCopy(input: string, output: string): Promise<void> {
  await runFfmpeg(['-y', '-i', input, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', output])
}
