import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { createCanvas } from '@napi-rs/canvas'

import { VIDEO_STYLES, type VideoStyle } from '../packages/contracts/src/studio.ts'
import { createLocalVisualEngine } from '@storyreel/engine/engine'

/**
 * A contact sheet of scene frames, to look at what the local renderer draws:
 *   node scripts/render-scene-sheet.ts --out /tmp/sheet.png --styles cinematic,anime \
 *     --scene "A baker pulls bread from the oven at dawn" --scene "A rocket launches into space"
 * Also prints prepareScene and drawFrame timings per style.
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'scene-sheet.png' },
    styles: { type: 'string', default: VIDEO_STYLES.join(',') },
    scene: { type: 'string', multiple: true },
    width: { type: 'string', default: '720' },
    height: { type: 'string', default: '1280' },
    thumb: { type: 'string', default: '240' },
    times: { type: 'string', default: '0.1,2.5' },
    bench: { type: 'string', default: '0' },
  },
})

const scenes = values.scene?.length
  ? values.scene
  : ['A baker pulls golden bread from the oven at dawn', 'A rocket launches into space among the stars']
const styles = (values.styles ?? '').split(',') as VideoStyle[]
const width = Number(values.width)
const height = Number(values.height)
const thumbWidth = Number(values.thumb)
const thumbHeight = Math.round((thumbWidth * height) / width)
const times = (values.times ?? '0').split(',').map(Number)
const benchFrames = Number(values.bench)

const engine = createLocalVisualEngine()
const columns = styles.length * times.length
const sheet = createCanvas(columns * thumbWidth, scenes.length * thumbHeight)
const sheetContext = sheet.getContext('2d')
const frame = createCanvas(width, height)
const frameContext = frame.getContext('2d')

for (const [row, description] of scenes.entries()) {
  for (const [styleIndex, style] of styles.entries()) {
    const [visual, narration] = description.split('|')
    const started = performance.now()
    const art = await engine.prepareScene({
      visual: visual ?? '',
      narration: narration ?? visual ?? '',
      style,
      seed: 7 + row,
      index: row,
      count: scenes.length,
      width,
      height,
      duration: 5,
    })
    const prepared = performance.now() - started
    for (const [timeIndex, time] of times.entries()) {
      art.drawFrame(frameContext, time)
      sheetContext.drawImage(
        frame,
        (styleIndex * times.length + timeIndex) * thumbWidth,
        row * thumbHeight,
        thumbWidth,
        thumbHeight,
      )
    }
    let perFrame = 0
    if (benchFrames > 0) {
      // frame.data() forces skia to flush, so the time includes the real drawing.
      const benchStart = performance.now()
      for (let index = 0; index < benchFrames; index++) {
        art.drawFrame(frameContext, (index / 30) % 5)
        frame.data()
      }
      perFrame = (performance.now() - benchStart) / benchFrames
    }
    console.log(
      `${style.padEnd(11)} prepare ${prepared.toFixed(0)} ms${benchFrames ? `  drawFrame+flush ${perFrame.toFixed(1)} ms` : ''}  ${description}`,
    )
  }
}

const out = path.resolve(values.out ?? 'scene-sheet.png')
await writeFile(out, await sheet.encode('png'))
console.log(`wrote ${out}`)
