import { describe, expect, it } from 'vitest'

import { composeTitle, interpretScene } from './scene-interpreter.ts'

function read(visual: string, narration = '', index = 0, seed = 1) {
  return interpretScene({ visual, narration, style: 'cinematic', seed, index, count: 4 })
}

describe('interpretScene', () => {
  it.each([
    ['A baker pulls golden bread from the oven at dawn', 'kitchen', ['bread', 'person']],
    ['A rocket launches into outer space', 'space', ['rocket']],
    ['Friends laugh on a sunny beach with a dog', 'beach', ['people', 'dog']],
    ['A barista pours a latte in a cozy coffee shop', 'cafe', ['coffee', 'person']],
    ['Hikers reach the snowy mountain summit', 'mountains', ['person']],
    ['A diver swims past coral and fish', 'underwater', ['fish']],
    ['A founder types on a laptop in the office', 'office', ['laptop', 'person']],
    ['A singer on stage at a concert', 'stage', ['person', 'microphone']],
    ['Cows graze next to a red barn on the farm', 'farm', ['cow']],
    ['A car drives down a busy street', 'street', ['car']],
  ])('reads "%s" as %s with its subjects', (visual, setting, subjects) => {
    const spec = read(visual)
    expect(spec.setting).toBe(setting)
    for (const subject of subjects) expect(spec.subjects).toContain(subject)
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
    expect(party.subjects).toContain('cake')
  })

  it('follows a setting read elsewhere: in space, ice is what rings are made of, never snow falling', () => {
    const words = "Saturn's rings are made of ice and rock."
    expect(read('', words).weather).toBe('snow')
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
  })

  it('implies a place from the subject when none is named', () => {
    expect(read('A steaming espresso').setting).toBe('cafe')
    expect(read('A goldfish').setting).toBe('underwater')
  })

  it('falls back to abstract art for words it does not know', () => {
    const spec = read('Quantum entanglement paradox')
    expect(spec.setting).toBe('abstract')
    expect(spec.keywords).toContain('quantum')
  })

  it('gives neighbouring scenes different camera moves', () => {
    const moves = [0, 1, 2, 3].map((index) => read('A quiet lake at sunrise', '', index).camera)
    for (let index = 1; index < moves.length; index++) expect(moves[index]).not.toBe(moves[index - 1])
  })

  it('is pure: the same words and seed give the same reading', () => {
    expect(read('A dog in the park', 'Meet Max', 2, 9)).toEqual(read('A dog in the park', 'Meet Max', 2, 9))
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
