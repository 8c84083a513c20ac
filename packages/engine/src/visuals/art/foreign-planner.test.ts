import { describe, expect, it } from 'vitest'

import { describeMisses, loadEvalSet, scoreSet } from '#src/testing/subject-evaluation.ts'

import { SCRIPT_LANGUAGES } from '@storyreel/contracts/languages'

import { castOf, planScene } from './scene-planner.ts'

const ids = (language: 'es' | 'fr' | 'de' | 'it' | 'pt' | 'nl' | 'hi', narration: string, visual = '') =>
  planScene({ visual, narration, seed: 1, language }).subjects.map((subject) => subject.id)

describe('scripts in the seven other languages', () => {
  for (const file of ['languages-eval.json', 'languages-held-out.json']) {
    it(`places at least 80 % of the expected subjects of ${file}, in every language`, () => {
      const set = loadEvalSet(new URL(`../../../eval/${file}`, import.meta.url))
      for (const language of SCRIPT_LANGUAGES.filter((item) => item !== 'en'))
        expect(
          set.videos.filter((video) => video.language === language).length,
          `${language} videos in ${file}`,
        ).toBeGreaterThan(0)
      const score = scoreSet(set)
      const { missing, wrong } = describeMisses(score)
      expect(score.found / score.expected, `missing: ${missing.join('; ')}`).toBeGreaterThanOrEqual(0.8)
      expect(wrong.length, `wrong: ${wrong.join('; ')}`).toBeLessThanOrEqual(1)
    })
  }

  it('reads a capital after an article as a noun, and other forms of a word as that word', () => {
    // German capitalises nouns: "eine Prinzessin" is a princess, not someone named Prinzessin.
    expect(castOf(['Es war einmal eine Prinzessin, die in einem Schloss lebte.'], 'de')).toEqual([])
    expect(ids('de', 'Es war einmal eine Prinzessin, die in einem Schloss lebte.')).toContain('castle')
    // A plural ending (fietsen), a small one (cerdito), a compound (Fischbrötchen), someone at a thing (pianiste).
    expect(ids('nl', 'Wij verhuren fietsen per dag.')).toContain('bicycle')
    expect(ids('es', 'En una granja vivía un cerdito muy curioso.')).toContain('pig')
    expect(ids('de', 'Abends essen wir Fischbrötchen am Hafen.')).toContain('fish')
    expect(ids('fr', 'Le samedi, un pianiste joue pour nos clients.')).toEqual(
      expect.arrayContaining(['musical-keyboard']),
    )
    // Stems alone would join other words: "taça" is no taco, "kaas" is not bald.
    expect(ids('pt', 'No fim, a capitã levanta a taça.')).not.toContain('taco')
    expect(ids('nl', 'De kaas rijpt in de kelder.')).not.toContain('man-bald')
  })

  it('puts a rider on the horse and a sword in the hand, from the verbs of the language', () => {
    const ride = planScene({
      visual: '',
      narration: 'एक राजा अपने घोड़े पर सवार होकर जंगल गया।',
      seed: 1,
      language: 'hi',
    }).subjects
    expect(ride[0]?.id).toBe('horse')
    expect(ride.find((subject) => subject.kind === 'person')?.rider).toBe(true)
    const knight = planScene({ visual: '', narration: 'Der Ritter reitet auf seinem Pferd.', seed: 1, language: 'de' })
    expect(knight.subjects[0]?.id).toBe('horse')
  })

  it('reads a shot described in English beside words in another language', () => {
    const plan = planScene({
      visual: 'A lighthouse on a cliff at night',
      narration: 'हर रात वह रोशनी जलाता है।',
      seed: 1,
      language: 'hi',
    })
    expect(plan.subjects.map((subject) => subject.id)).toContain('lighthouse')
    expect(plan.setting).toBe('beach')
  })

  it('names the people of a story in its language, as a woman where its pronouns say so', () => {
    const cast = castOf(['Cada mañana, Lucía abre su tienda.', 'Ella vende rosas. Lucía sonríe.'], 'es')
    expect(cast.map((member) => member.name)).toEqual(['Lucía'])
    expect(cast[0]?.figure).toMatch(/^woman-standing/u)
    // A place after "en" is no one.
    expect(castOf(['Vivo en Sevilla.', 'Sevilla es bonita.'], 'es')).toEqual([])
  })
})
