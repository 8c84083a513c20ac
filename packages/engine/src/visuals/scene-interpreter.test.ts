import { describe, expect, it } from 'vitest'

import { getLexicon } from '../lexicon/lexicon.ts'
import { readText } from './art/scene-reader.ts'
import { readScene } from './read-scene.ts'
import { composeTitle, cuesOf, interpretScene } from './scene-interpreter.ts'

function read(visual: string, narration = '', index = 0, seed = 1) {
  return readScene({ visual, narration, style: 'cinematic', seed, index, count: 4 }).spec
}
const drawn = (visual: string) =>
  readScene({ visual, narration: '', style: 'cinematic', seed: 1, index: 0, count: 4 }).plan.subjects.map((subject) =>
    subject.id.replace(/-(light|medium-light|medium|medium-dark|dark)-skin-tone.*$/u, ''),
  )

describe('reading a scene', () => {
  it.each([
    ['A baker pulls golden bread from the oven at dawn', 'kitchen', ['bread']],
    ['A rocket launches into outer space', 'space', ['rocket']],
    ['Friends laugh on a sunny beach with a dog', 'beach', ['dog']],
    ['A barista pours a latte in a cozy coffee shop', 'cafe', ['hot-beverage']],
    ['Hikers reach the snowy mountain summit', 'mountains', ['snow-capped-mountain']],
    ['A diver swims past coral and fish', 'underwater', ['coral']],
    ['A founder types on a laptop in the office', 'office', ['laptop']],
    ['A singer on stage at a concert', 'stage', ['microphone']],
    ['Cows graze next to a red barn on the farm', 'farm', ['cow']],
    ['A car drives down a busy street', 'street', ['automobile']],
  ])('reads "%s" as %s with its subjects', (visual, setting, subjects) => {
    expect(read(visual).setting).toBe(setting)
    for (const subject of subjects) expect(drawn(visual)).toContain(subject)
  })

  it('reads the hour, the weather and the mood', () => {
    const night = read('A lonely car drives through the rainy city at night')
    expect(night.timeOfDay).toBe('night')
    expect(night.weather).toBe('rain')
    expect(night.particles).toBe('rain')
    expect(night.light).toBe('neon')
    expect(night.mood).toBe('melancholy')
    const party = read('Kids celebrate a birthday with cake in the park')
    expect(party.particles).toBe('confetti')
    expect(drawn('Kids celebrate a birthday with cake in the park')).toContain('shortcake')
  })

  it('follows a setting read elsewhere: in space, ice is what rings are made of, never snow falling', () => {
    const words = 'The rings are made of ice and rock.'
    const alone = interpretScene({ visual: '', narration: words, style: 'anime', seed: 1, index: 1, count: 3 })
    expect(alone.weather).toBe('snow')
    const space = interpretScene({
      visual: '',
      narration: words,
      style: 'anime',
      seed: 1,
      index: 1,
      count: 3,
      setting: 'space',
    })
    expect(space).toMatchObject({ setting: 'space', weather: 'clear', timeOfDay: 'night', particles: 'stars' })
    expect(read('', "Saturn's rings are made of ice and rock.")).toMatchObject({ setting: 'space', weather: 'clear' })
  })

  it('implies a place from the subject when none is named', () => {
    expect(read('A goldfish').setting).toBe('underwater')
    expect(read('A stack of pancakes').setting).toBe('kitchen')
  })

  it('falls back to abstract art for words it does not know', () => {
    const spec = interpretScene({
      visual: 'Quantum paradox',
      narration: '',
      style: 'cinematic',
      seed: 1,
      index: 0,
      count: 1,
    })
    expect(spec.setting).toBe('abstract')
    expect(read('Quantum paradox').setting).toBe('abstract')
  })

  it('gives neighbouring scenes different camera moves', () => {
    const moves = [0, 1, 2, 3].map((index) => read('A quiet lake at sunrise', '', index).camera)
    for (let index = 1; index < moves.length; index++) expect(moves[index]).not.toBe(moves[index - 1])
  })

  it('is pure: the same words and seed give the same reading', () => {
    expect(read('A dog in the park', 'Meet Max', 2, 9)).toEqual(read('A dog in the park', 'Meet Max', 2, 9))
  })
})

describe('word lists match words, never letters inside words', () => {
  it.each([
    ['We planned a long vacation.', 'vacation'],
    ['Interest rates rose again.', 'interest'],
    ['Scatter the seeds evenly.', 'scatter'],
    ['Pick a category that fits.', 'category'],
    ['Our pets love the new carpet.', 'carpet'],
  ])('"%s" reaches only entries of its own words, never of letters inside "%s"', (text, word) => {
    const lemmas = readText(text).words.map((item) => item.lemma)
    const reached = cuesOf(text).map((entry) => entry.lemma)
    for (const lemma of reached) expect(lemmas).toEqual(expect.arrayContaining(lemma.split(' ')))
    // The word list's entries spelled inside the word (cat, rest, car…) are not reached by it; "pets" itself
    // reaches the pet.
    const inside = getLexicon().entries.filter(
      (entry) => word.includes(entry.lemma) && entry.lemma !== word && !lemmas.includes(entry.lemma),
    )
    for (const entry of inside) expect(reached, entry.lemma).not.toContain(entry.lemma)
  })

  it('reaches the entry of a word in another form: "pets" is the pet, an animal, and "carpet" no car', () => {
    const reached = cuesOf('Our pets love the new carpet.')
    expect(reached.find((entry) => entry.lemma === 'pet')?.kind).toBe('animal')
    expect(reached.map((entry) => entry.lemma)).not.toContain('car')
    expect(drawn('Our pets love the new carpet.')).toContain('dog')
  })

  it('reads the hour and the weather from whole words: "vacation" is no cat, "interest" no rest, "scatter" no cat', () => {
    expect(read('', 'We planned a long vacation.').mood).toBe('neutral')
    expect(drawn('Interest rates rose again.')).not.toContain('bed')
    expect(drawn('Scatter the seeds evenly.')).not.toContain('cat')
    expect(drawn('Pick a category that fits.')).not.toContain('cat')
    expect(drawn('Our pets love the new carpet.')).not.toContain('car')
    expect(read('', 'Our pets love the new carpet.').setting).not.toBe('street')
  })
})

describe('composeTitle', () => {
  it('keeps two to five meaningful words from the narration', () => {
    const title = composeTitle('Every morning, the baker lights the oven before the city wakes.', '')
    const words = title.split(' ')
    expect(words.length).toBeGreaterThanOrEqual(2)
    expect(words.length).toBeLessThanOrEqual(5)
    expect(title).toMatch(/Baker|Oven|City/u)
  })

  it('never starts or ends on a filler word', () => {
    const title = composeTitle('A rocket launches into space among the stars', '')
    expect(title).not.toMatch(/^(A|The|Into|Among)\b|\b(a|the|into|among)$/iu)
  })

  it('uses the description when there is no narration', () => {
    expect(composeTitle('', 'Golden wheat fields at sunset')).toMatch(/Golden|Wheat|Fields/u)
  })
})
