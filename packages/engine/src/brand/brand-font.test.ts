import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CAPTION_STYLES } from '@storyreel/contracts/studio'

import { FONT_FILES, makeRenamedFont } from '#src/testing/font-fixtures.ts'
import { drawCaptions } from '#src/visuals/draw-captions.ts'
import { FONT, getCanvasFont, registerFonts } from '#src/visuals/fonts.ts'
import type { CaptionCue } from '#src/visuals/visual-engine.ts'

import { acquireBrandFont, BRAND_FAMILY_PREFIX, getBrandFamily, inspectBrandFont, useBrandFont } from './brand-font.ts'

const CUE: CaptionCue = {
  start: 0,
  end: 2,
  text: 'Interesting fonts: Inter with ligatures fi fl 123',
  words: 'Interesting fonts: Inter with ligatures fi fl 123'
    .split(' ')
    .map((text, index) => ({ text, start: index * 0.2, end: index * 0.2 + 0.2 })),
}

/** Every caption style drawn over a flat frame, and text in each of our families: the pixels, as one buffer. */
function drawOurText(): Buffer {
  registerFonts()
  const pictures = CAPTION_STYLES.map((style) => {
    const canvas = createCanvas(360, 640)
    const context = canvas.getContext('2d')
    context.fillStyle = 'rgb(60,90,120)'
    context.fillRect(0, 0, 360, 640)
    drawCaptions(context, { cues: [CUE], time: 1, style, width: 360, height: 640 })
    return Buffer.from(context.getImageData(0, 0, 360, 640).data)
  })
  const families = Object.values(FONT).map((family) => {
    const canvas = createCanvas(600, 60)
    const context = canvas.getContext('2d')
    context.font = getCanvasFont(family, 32)
    context.fillStyle = '#fff'
    context.fillText('Hello Inter, नमस्ते', 4, 44)
    return Buffer.from(context.getImageData(0, 0, 600, 60).data)
  })
  return Buffer.concat([...pictures, ...families])
}

function measureOurSans(): number {
  const context = createCanvas(8, 8).getContext('2d')
  context.font = getCanvasFont(FONT.sans, 40)
  return context.measureText('Interesting fonts: Inter').width
}

let dir = ''
const file = (name: string) => path.join(dir, name)

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'brand-font-test-'))
  await Promise.all([
    makeRenamedFont(FONT_FILES.ttf, 'StoryReel Inter', file('ours.ttf')),
    makeRenamedFont(FONT_FILES.ttf, 'storyreel brand 0123456789abcdef', file('alias.ttf')),
    writeFile(file('notes.ttf'), 'not a font, only some words'),
    readFile(FONT_FILES.ttf).then((bytes) => writeFile(file('cut.woff2'), Buffer.concat([Buffer.from('wOF2'), bytes]))),
  ])
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('a brand font', () => {
  it('reads the names and format of a TTF, WOFF and WOFF2 from the file’s own tables', async () => {
    expect(await inspectBrandFont(FONT_FILES.ttf)).toMatchObject({
      format: 'ttf',
      names: expect.arrayContaining(['Patrick Hand']) as unknown,
    })
    for (const [format, font] of [
      ['woff2', FONT_FILES.interWoff2],
      ['woff', FONT_FILES.interWoff],
    ] as const) {
      const inspected = await inspectBrandFont(font)
      expect(inspected.format).toBe(format)
      expect(inspected.names).toContain('Inter')
      expect(inspected.family).toBe(getBrandFamily(await readFile(font)))
      expect(inspected.family).toMatch(new RegExp(`^${BRAND_FAMILY_PREFIX}[0-9a-f]{16}$`))
    }
  })

  it('is refused when the file is no font, is damaged or is missing', async () => {
    await expect(inspectBrandFont(file('notes.ttf'))).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The file is not a font: use a TrueType (.ttf), OpenType (.otf), WOFF or WOFF2 file.',
    })
    await expect(inspectBrandFont(file('cut.woff2'))).rejects.toMatchObject({ kind: 'invalid' })
    await expect(inspectBrandFont(file('gone.woff2'))).rejects.toMatchObject({ kind: 'not-found' })
  })

  it('named "Inter" is drawn under an alias of its own: ours measure and draw exactly as before', async () => {
    const before = drawOurText()
    const width = measureOurSans()
    const held = await acquireBrandFont({ file: FONT_FILES.interWoff2 })
    try {
      expect(held.family.startsWith(BRAND_FAMILY_PREFIX)).toBe(true)
      expect(GlobalFonts.has(held.family)).toBe(true)
      expect(measureOurSans()).toBe(width)
      expect(drawOurText().equals(before)).toBe(true)
      // And it is drawn with, under its alias: Inter 400 is narrower than our Inter 700.
      const context = createCanvas(8, 8).getContext('2d')
      context.font = getCanvasFont(FONT.sans, 40, held.family)
      expect(context.measureText('Interesting fonts: Inter').width).toBeLessThan(width - 10)
    } finally {
      held.release()
    }
  })

  it('naming itself like one of our fonts is refused before it is registered, so ours stay as they are', async () => {
    const before = drawOurText()
    for (const name of ['ours.ttf', 'alias.ttf']) {
      await expect(acquireBrandFont({ file: file(name) })).rejects.toMatchObject({
        kind: 'invalid',
        message: expect.stringMatching(
          /^The font calls itself "storyreel .+", a name kept for StoryReel's own fonts/i,
        ) as unknown,
      })
    }
    expect(GlobalFonts.has(getBrandFamily(await readFile(file('ours.ttf'))))).toBe(false)
    expect(drawOurText().equals(before)).toBe(true)
  })

  it('stays registered while a task holds it, and goes when the last lets go', async () => {
    const [first, second] = await Promise.all([
      acquireBrandFont({ file: FONT_FILES.ttf }),
      acquireBrandFont({ file: FONT_FILES.ttf }),
    ])
    expect(first.family).toBe(second.family)
    first.release()
    first.release()
    expect(GlobalFonts.has(second.family)).toBe(true)
    second.release()
    expect(GlobalFonts.has(second.family)).toBe(false)
    // A drawing thread given a font no task of its process registered reads it from its file.
    useBrandFont({ family: second.family, file: FONT_FILES.ttf })
    expect(GlobalFonts.has(second.family)).toBe(true)
    expect(() => useBrandFont({ family: `${BRAND_FAMILY_PREFIX}0000000000000000`, file: FONT_FILES.ttf })).toThrow(
      'The brand font file changed during the task.',
    )
  })
})
