import { describe, expect, it } from 'vitest'

import { castOf } from './scene-planner.ts'
import { stockQueryOf } from './stock-query.ts'

describe('the words a scene searches stock media with', () => {
  it('are what the scene draws, and its place beside one thing, never the sentence or a name', () => {
    const query = (visual: string) => stockQueryOf({ visual, narration: '', seed: 1, cast: castOf([visual]) })
    expect(query('A baker pulls fresh bread from the oven at dawn.')).toBe('baker bread')
    expect(query('Maya walked her dog through the park.')).toBe('dog park')
    expect(query('Quantum paradox')).toBe('')
  })

  it("are in the script's language, the place too", () => {
    const texts = ['Cada mañana, Lucía abre su pequeña floristería en Sevilla.', 'Lucía vende rosas en la playa.']
    const cast = castOf(texts, 'es')
    const query = (narration: string) => stockQueryOf({ visual: '', narration, seed: 1, cast, language: 'es' })
    expect(query(texts[0] ?? '')).toBe('floristería calle')
    expect(query('Un perro corre en la playa.').split(' ')).toEqual(expect.arrayContaining(['perro', 'playa']))
  })
})
