import { describe, expect, it } from 'vitest'

import { buildCaptionCues, offsetCues, toSrt, toWebVtt, type TimedWord } from './captions.ts'

/** Words spoken one after another, each `length` seconds with `gap` between them. */
function timed(text: string, { start = 0, length = 0.3, gap = 0.05 } = {}): TimedWord[] {
  return text.split(' ').map((word, index) => ({
    text: word,
    start: start + index * (length + gap),
    end: start + index * (length + gap) + length,
  }))
}

describe('buildCaptionCues', () => {
  it('starts each cue with its first word and ends it shortly after its last', () => {
    const words = timed('The bakery opens at dawn.')
    const [cue] = buildCaptionCues(words)
    expect(cue?.text).toBe('The bakery opens at dawn.')
    expect(cue?.start).toBe(words[0]?.start)
    expect(cue?.end).toBeCloseTo((words.at(-1)?.end ?? 0) + 0.2)
    expect(cue?.words).toHaveLength(5)
  })

  it('never lets a cue span a sentence end', () => {
    const cues = buildCaptionCues(timed('It was late. The oven was still warm.'))
    expect(cues.map((cue) => cue.text)).toEqual(['It was late.', 'The oven was still warm.'])
  })

  it('keeps cues to about seven words and 38 characters', () => {
    const cues = buildCaptionCues(
      timed('Fishermen students tourists and neighbours all queue along the narrow cobbled street for warm bread'),
    )
    expect(cues.length).toBeGreaterThan(2)
    for (const cue of cues) {
      expect(cue.words.length).toBeLessThanOrEqual(7)
      expect(cue.text.length).toBeLessThanOrEqual(38)
    }
    expect(cues.map((cue) => cue.text).join(' ')).toContain('Fishermen students tourists')
  })

  it('breaks at a comma when both sides stand alone, not before a lone word', () => {
    expect(
      buildCaptionCues(timed('Every morning before sunrise, Maria lights the oven.')).map((cue) => cue.text),
    ).toEqual(['Every morning before sunrise,', 'Maria lights the oven.'])
    expect(buildCaptionCues(timed('She kneads the dough, slowly.')).map((cue) => cue.text)).toEqual([
      'She kneads the dough, slowly.',
    ])
  })

  it('holds a short cue for 0.8 s unless the next one starts sooner, and never overlaps', () => {
    const words = [
      { text: 'Go.', start: 1, end: 1.2 },
      { text: 'Now.', start: 1.5, end: 1.7 },
      { text: 'Then', start: 4, end: 4.2 },
      { text: 'rest.', start: 4.3, end: 4.6 },
    ]
    const cues = buildCaptionCues(words)
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([
      [1, 1.5],
      [1.5, 2.3],
      [4, 4.8],
    ])
    cues.slice(1).forEach((cue, index) => expect(cue.start).toBeGreaterThanOrEqual(cues[index]?.end ?? 0))
  })

  it('ends no cue after the scene', () => {
    const cues = buildCaptionCues([{ text: 'End.', start: 2.5, end: 2.9 }], { maxEnd: 3 })
    expect(cues[0]?.end).toBe(3)
  })

  it('skips empty words and returns nothing for silence', () => {
    expect(buildCaptionCues([])).toEqual([])
    expect(buildCaptionCues([{ text: ' ', start: 0, end: 1 }])).toEqual([])
  })
})

describe('offsetCues', () => {
  it('moves cues and their words by the scene start', () => {
    const [cue] = offsetCues(buildCaptionCues(timed('Hello there.')), 10)
    expect(cue?.start).toBe(10)
    expect(cue?.words[1]?.start).toBeCloseTo(10.35)
  })
})

const CUES = [
  { start: 0.5, end: 2.25, text: 'Fresh bread & coffee', words: [] },
  { start: 3661.0046, end: 3663.9995, text: 'a <b> tag --> here', words: [] },
]

describe('toSrt', () => {
  it('writes numbered cues with HH:MM:SS,mmm timings and a blank line between them', () => {
    expect(toSrt(CUES)).toBe(
      '1\n00:00:00,500 --> 00:00:02,250\nFresh bread & coffee\n\n2\n01:01:01,005 --> 01:01:04,000\na <b> tag --> here\n',
    )
  })
})

describe('toWebVtt', () => {
  it('writes the WEBVTT header, HH:MM:SS.mmm timings and escapes &, < and -->', () => {
    expect(toWebVtt(CUES)).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.250\nFresh bread &amp; coffee\n\n2\n01:01:01.005 --> 01:01:04.000\na &lt;b&gt; tag --&gt; here\n',
    )
  })

  it('is just the header without cues', () => {
    expect(toWebVtt([])).toBe('WEBVTT\n')
  })
})
