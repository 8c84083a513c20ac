import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createCanvas } from '@napi-rs/canvas'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { EngineError } from '#src/errors.ts'
import { makeLogo } from '#src/testing/media-fixtures.ts'

import type { LogoOverlay } from './brand-overlay.ts'
import { drawLogo, inspectLogo, prepareLogo } from './logo-image.ts'

const FRAME = { width: 720, height: 1280 }

let dir = ''
const file = (name: string) => path.join(dir, name)
const logo = (name: string, settings: Partial<LogoOverlay> = {}): LogoOverlay => ({
  file: file(name),
  position: 'top-right',
  size: 0.16,
  opacity: 1,
  ...settings,
})

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'logo-image-test-'))
  await Promise.all([
    makeLogo(file('red.png')),
    makeLogo(file('half.webp'), { format: 'webp', clearRight: true }),
    makeLogo(file('red.jpg'), { format: 'jpeg' }),
    makeLogo(file('huge.png'), { width: 5000, height: 100 }),
    writeFile(file('notes.png'), 'not a picture at all'),
  ])
  // A PNG cut short: its header reads, its pixels do not.
  const whole = await sharp(file('red.png')).png({ compressionLevel: 0 }).toBuffer()
  await writeFile(file('cut.png'), whole.subarray(0, Math.round(whole.length / 2)))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** What prepareLogo made, as RGBA pixels. */
async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

async function refusal(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(EngineError)
  return error as EngineError
}

describe('inspectLogo and prepareLogo', () => {
  it('refuses a JPEG, a file that is no image, a damaged PNG and a huge one as invalid, naming the problem', async () => {
    const jpeg = await refusal(prepareLogo(logo('red.jpg'), FRAME, { captions: true }))
    expect(jpeg).toMatchObject({
      kind: 'invalid',
      message: 'The logo must be a PNG or WebP image; this file is a JPEG.',
    })
    const text = await refusal(prepareLogo(logo('notes.png'), FRAME, { captions: true }))
    expect(text).toMatchObject({ kind: 'invalid', message: 'The logo file is not an image: use a PNG or WebP.' })
    const cut = await refusal(prepareLogo(logo('cut.png'), FRAME, { captions: true }))
    expect(cut).toMatchObject({ kind: 'invalid', message: 'The logo file is damaged: it could not be decoded.' })
    const huge = await refusal(inspectLogo(file('huge.png')))
    expect(huge.message).toBe('The logo is 5000×100 px; it may be at most 4096 px on each side.')
    const missing = await refusal(prepareLogo(logo('gone.png'), FRAME, { captions: true }))
    expect(missing.kind).toBe('not-found')
  })

  it('refuses a size, opacity or position out of range', async () => {
    for (const settings of [{ size: 0.5 }, { size: 0.01 }, { opacity: 0.1 }, { opacity: 2 }, { size: Number.NaN }]) {
      expect((await refusal(prepareLogo(logo('red.png', settings), FRAME, { captions: true }))).kind).toBe('invalid')
    }
    const position = { position: 'middle' } as unknown as Partial<LogoOverlay>
    expect((await refusal(prepareLogo(logo('red.png', position), FRAME, { captions: true }))).kind).toBe('invalid')
  })

  it('scales the logo to its box and multiplies its opacity into the alpha', async () => {
    const prepared = await prepareLogo(logo('red.png', { opacity: 0.5 }), FRAME, { captions: true })
    expect(prepared.box).toEqual({ left: 516, top: 128, width: 116, height: 116 })
    const { data, width, height } = await pixelsOf(prepared.png)
    expect([width, height]).toEqual([116, 116])
    const middle = (57 * width + 57) * 4
    expect([...data.subarray(middle, middle + 4)]).toEqual([255, 0, 0, 128])
  })

  it('keeps a WebP’s transparency: its clear half stays clear, drawn over a canvas or not', async () => {
    const prepared = await prepareLogo(logo('half.webp'), FRAME, { captions: true })
    const { data, width } = await pixelsOf(prepared.png)
    const alphaAt = (x: number) => data[(57 * width + x) * 4 + 3]
    expect([alphaAt(10), alphaAt(50), alphaAt(65), alphaAt(105)]).toEqual([255, 255, 0, 0])

    const canvas = createCanvas(FRAME.width, FRAME.height)
    const context = canvas.getContext('2d')
    context.fillStyle = 'rgb(0,0,255)'
    context.fillRect(0, 0, FRAME.width, FRAME.height)
    await drawLogo(context, prepared)
    const row = context.getImageData(0, prepared.box.top + 57, FRAME.width, 1).data
    const at = (x: number) => [...row.subarray((prepared.box.left + x) * 4, (prepared.box.left + x) * 4 + 3)]
    expect(at(20)).toEqual([255, 0, 0])
    expect(at(100)).toEqual([0, 0, 255])
  })
})
