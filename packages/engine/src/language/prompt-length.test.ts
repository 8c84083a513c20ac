import { describe, expect, it } from 'vitest'

import { getPromptLength } from './prompt-length.ts'

const secondsOf = (text: string) => getPromptLength(text)?.askedSeconds

describe('getPromptLength', () => {
  it('reads the length the issue quotes', () => {
    expect(getPromptLength('a 20 second ad for my flower shop in Seville, with roses and sunflowers')).toEqual({
      phrase: '20 second',
      askedSeconds: 20,
      seconds: 20,
      clamped: false,
    })
  })

  it.each([
    ['A 20-second ad for a bakery', 20],
    ['20 sec promo for my gym', 20],
    ['a 45s reel about surfing', 45],
    ['make it 30 secs', 30],
    ['a minute about the history of tea', 60],
    ['a one-minute story about a fox', 60],
    ['half a minute on why sleep matters', 30],
    ['a half-minute teaser', 30],
    ['90 seconds on volcanoes', 90],
    ['a minute and a half about Lisbon', 90],
    ['one and a half minutes of tips', 90],
    ['a 1:15 explainer on tides', 75],
    ['a 1 min 20 story', 80],
    ['a thirty second ad for my café', 30],
    ['a forty-five second video about owls', 45],
    ['Twenty-five seconds about cats', 25],
    ['a 1.5 minute recipe video', 90],
    ['un anuncio de 20 segundos para mi floristería', 20],
    ['une vidéo de 40 secondes sur Paris', 40],
    ['ein Video von 1 Minute über Berlin', 60],
    ['मेरी दुकान के लिए 30 सेकंड का विज्ञापन', 30],
  ])('%s → %i s', (text, seconds) => {
    expect(secondsOf(text)).toBe(seconds)
  })

  it('takes the first length named, not a duration inside the story', () => {
    expect(secondsOf('a 20 second ad for a hotel 5 minutes from the beach')).toBe(20)
    expect(secondsOf('a story about a café 5 minutes from the station')).toBeUndefined()
    expect(secondsOf('ten minutes later, the storm broke')).toBeUndefined()
    expect(secondsOf('a recipe that takes 15 minutes to cook')).toBeUndefined()
    expect(secondsOf('a 10 minute walk through the old town')).toBeUndefined()
  })

  it('finds nothing in prompts that name no length, decades, ordinals or "a second"', () => {
    expect(getPromptLength('an ad for my flower shop')).toBeUndefined()
    expect(getPromptLength('music of the 90s')).toBeUndefined()
    expect(getPromptLength("fashion in the '80s")).toBeUndefined()
    expect(getPromptLength('the twenty-second of May, a wedding')).toBeUndefined()
    expect(getPromptLength('a second chance for a lonely dog')).toBeUndefined()
    expect(getPromptLength('seconds of silence')).toBeUndefined()
    expect(getPromptLength('minute details of a watch')).toBeUndefined()
  })

  it('keeps the length within the bounds and says it did', () => {
    expect(getPromptLength('a 5 second teaser')).toEqual({
      phrase: '5 second',
      askedSeconds: 5,
      seconds: 15,
      clamped: true,
    })
    expect(getPromptLength('a 2 minute documentary about bees')).toMatchObject({
      askedSeconds: 120,
      seconds: 90,
      clamped: true,
    })
    expect(getPromptLength('a 15 second ad')).toMatchObject({ seconds: 15, clamped: false })
  })
})
