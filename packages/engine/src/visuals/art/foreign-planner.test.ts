import { describe, expect, it } from 'vitest'

import { describeMisses, loadEvalSet, scoreSet } from '#src/testing/subject-evaluation.ts'

import { SCRIPT_LANGUAGES } from '@storyreel/contracts/languages'

import { castOf, planScene } from './scene-planner.ts'

const ids = (language: 'es' | 'fr' | 'de' | 'it' | 'pt' | 'nl' | 'hi', narration: string, visual = '') =>
  planScene({ visual, narration, seed: 1, language }).subjects.map((subject) => subject.id)

describe('scripts in the seven other languages', () => {
  const others = SCRIPT_LANGUAGES.filter((item) => item !== 'en')
  /** The languages-eval set holds three videos per language, so each is held to 80 % on its own; the held-out
   * set has one video per language, where one miss is a third of it, so it is held to 80 % pooled and 60 % each. */
  for (const [file, each] of [
    ['languages-eval.json', 0.8],
    ['languages-held-out.json', 0.6],
  ] as const) {
    it(`places at least ${each * 100} % of the expected subjects of ${file} in each language`, () => {
      const set = loadEvalSet(new URL(`../../../eval/${file}`, import.meta.url))
      const pooled = scoreSet(set)
      expect(pooled.found / pooled.expected).toBeGreaterThanOrEqual(0.8)
      for (const language of others) {
        const videos = set.videos.filter((video) => video.language === language)
        expect(videos.length, `${language} videos in ${file}`).toBeGreaterThan(0)
        const score = scoreSet({ about: set.about, videos })
        const { missing, wrong } = describeMisses(score)
        expect(score.found / score.expected, `${language} missing: ${missing.join('; ')}`).toBeGreaterThanOrEqual(each)
        expect(wrong, `${language} wrong`).toEqual([])
      }
    })
  }

  it('draws several people for a crowd, children and an unnamed "they", as in English', () => {
    const people = (language: (typeof others)[number], narration: string) =>
      planScene({ visual: '', narration, seed: 1, language }).subjects.filter((subject) => subject.kind === 'person')
        .length
    expect(people('hi', 'बच्चे पार्क में खेले।')).toBeGreaterThanOrEqual(2)
    expect(people('es', 'Los niños juegan en el parque.')).toBeGreaterThanOrEqual(2)
    expect(people('fr', 'La foule applaudit.')).toBe(3)
    expect(people('fr', 'Ils dansent toute la nuit.')).toBeGreaterThanOrEqual(2)
    // With a named person in the story, "ellos" are not a crowd of strangers drawn instead of her.
    const cast = castOf(['Cada mañana, Lucía abre su tienda.', 'Lucía sonríe.'], 'es')
    const withLucia = planScene({ visual: '', narration: 'Ellos cantan.', seed: 1, language: 'es', cast })
    expect(withLucia.subjects.filter((subject) => subject.group)).toHaveLength(0)
  })

  it("takes a word in its sense: one that only describes in a drawing's name, or the world, draws nothing", () => {
    // "Llena" is a word of "luna llena", not the moon: the shop fills with people.
    const full = ids('es', 'Los sábados, la tienda se llena de gente.')
    expect(full).not.toContain('full-moon')
    expect(full.length).toBeGreaterThanOrEqual(3)
    // "Pleine de monde" is full of people, and the world is no map, as in English.
    const crowded = ids('fr', 'Le samedi, la boutique est pleine de monde.')
    expect(crowded).not.toContain('world-map')
    expect(crowded.filter((id) => /-standing-/u.test(id)).length).toBeGreaterThanOrEqual(2)
    // German nouns are capitalised: "frischer" (fresh) is no scissors ("Schere") by another form.
    expect(ids('de', 'Am Meer weht ein frischer Wind.')).toEqual(['wind-face'])
    // "Frais" is fresh, no "fraise"; "fraises" are still strawberries.
    expect(ids('fr', 'Du poisson frais chaque matin.')).not.toContain('strawberry')
    expect(ids('fr', 'Des fraises fraîches du jardin.')).toContain('strawberry')
    // "Di rosa" is a colour; "una rosa" the flower.
    expect(ids('it', 'Nelle Dolomiti, le montagne si tingono di rosa al tramonto.')).not.toContain('rose')
    expect(ids('it', 'Una rosa rossa sul tavolo.')).toContain('rose')
    // The thing a name is about still finds it: "formaggio" of "fetta di formaggio".
    expect(ids('it', 'Un pezzo di formaggio sul tavolo.')).toContain('cheese-wedge')
  })

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
