import { describe, expect, it } from 'vitest'

import { runFlite } from './flite-module.ts'

const say = (voice: string, text: string) =>
  runFlite(['-voice', voice, '-psdur', '-f', 'in.txt', '-o', 'out.wav'], text)

describe('runFlite', () => {
  it('gives the same speech on its reused instance as on a new one, also after a run that exited', async () => {
    // The first run of the file has the instance as it was made.
    const first = await say('slt', 'Fresh loaves cool on the wooden racks.')
    expect(first.wav?.length).toBeGreaterThan(10_000)
    const others = [
      await say('kal', 'Neighbours stop by for coffee and bread, every single morning of the week.'),
      await say('awb', 'Hi.'),
    ]
    expect(others.every((other) => (other.wav?.length ?? 0) > 1000)).toBe(true)
    const again = await say('slt', 'Fresh loaves cool on the wooden racks.')
    expect(again.stdout).toBe(first.stdout)
    expect(Buffer.from(again.wav ?? []).equals(Buffer.from(first.wav ?? []))).toBe(true)

    // A run that leaves through exit() (flite's usage text) rather than returning, then the same speech again.
    expect((await runFlite(['--help'], '')).stdout).toMatch(/usage/i)
    const afterFailure = await say('slt', 'Fresh loaves cool on the wooden racks.')
    expect(Buffer.from(afterFailure.wav ?? []).equals(Buffer.from(first.wav ?? []))).toBe(true)
  })

  it('keeps each run to its own files', async () => {
    const runs = await Promise.all([say('slt', 'One.'), say('slt', 'Two, three, four, five.')])
    expect(runs[0].wav?.length).toBeLessThan(runs[1].wav?.length ?? 0)
    expect(runs[0].stdout).not.toBe(runs[1].stdout)
  })
})
