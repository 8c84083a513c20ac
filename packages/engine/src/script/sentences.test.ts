import { describe, expect, it } from 'vitest'

import { countSpokenWords, splitLongSentence, splitSentences } from './sentences.ts'

describe('splitSentences', () => {
  it('splits at full stops, question and exclamation marks', () => {
    expect(splitSentences('The sun rises. Birds sing! Who is there? Nobody.')).toEqual([
      'The sun rises.',
      'Birds sing!',
      'Who is there?',
      'Nobody.',
    ])
  })

  it('does not split after titles, Latin abbreviations, initials or inside decimals', () => {
    expect(
      splitSentences(
        'Dr. Smith met Mrs. Jones at 3.5 km from St. Paul, e.g. near the river. J. R. R. Tolkien wrote it.',
      ),
    ).toEqual(['Dr. Smith met Mrs. Jones at 3.5 km from St. Paul, e.g. near the river.', 'J. R. R. Tolkien wrote it.'])
  })

  it('ends a sentence after an abbreviation that can close one, when a capital follows', () => {
    expect(splitSentences('We open at 9 a.m. The ovens are hot by then.')).toEqual([
      'We open at 9 a.m.',
      'The ovens are hot by then.',
    ])
  })

  it('keeps quoted speech with its sentence and splits after a closing quote', () => {
    expect(splitSentences('"Stop!" she laughed. He said "Go home." Then he left.')).toEqual([
      '"Stop!" she laughed.',
      'He said "Go home."',
      'Then he left.',
    ])
  })

  it('treats an ellipsis as an end only before a capital', () => {
    expect(splitSentences('And then... nothing happened. Wait… What was that?')).toEqual([
      'And then... nothing happened.',
      'Wait…',
      'What was that?',
    ])
  })

  it('joins hard-wrapped lines and ends blocks at blank lines and unpunctuated headings', () => {
    expect(splitSentences('Chapter One\nThe bakery opens\nat dawn every day.\n\nIt closes at noon')).toEqual([
      'Chapter One.',
      'The bakery opens at dawn every day.',
      'It closes at noon.',
    ])
  })

  it('makes each bullet item a sentence', () => {
    expect(splitSentences('What you need:\n- flour and water\n* a pinch of salt\n1. Mix it\n2) Bake it')).toEqual([
      'What you need:',
      'Flour and water.',
      'A pinch of salt.',
      'Mix it.',
      'Bake it.',
    ])
  })

  it('drops fragments with no words', () => {
    expect(splitSentences('Hello. ... !!! \n\n - \n Bye.')).toEqual(['Hello.', 'Bye.'])
  })
})

describe('splitLongSentence', () => {
  it('leaves a sentence that fits alone', () => {
    expect(splitLongSentence('A short one.', 10, 400)).toEqual(['A short one.'])
  })

  it('splits at commas first, packing the pieces back while they fit', () => {
    const parts = splitLongSentence(
      'The baker wakes at four, lights the old oven, shapes the dough by hand, and waits for the first light.',
      9,
      400,
    )
    expect(parts).toEqual([
      'The baker wakes at four, lights the old oven,',
      'shapes the dough by hand,',
      'and waits for the first light.',
    ])
  })

  it('splits before a conjunction when there is no punctuation', () => {
    const parts = splitLongSentence(
      'The city sleeps under a blanket of fog and the harbour lights blink slowly in the dark',
      10,
      400,
    )
    expect(parts).toEqual(['The city sleeps under a blanket of fog', 'and the harbour lights blink slowly in the dark'])
  })

  it('cuts a run-on without punctuation into even parts within the limits', () => {
    const sentence = Array.from({ length: 25 }, (_, index) => `word${index}`).join(' ')
    const parts = splitLongSentence(sentence, 10, 400)
    expect(parts.length).toBe(3)
    for (const part of parts) expect(countSpokenWords(part)).toBeLessThanOrEqual(10)
    expect(parts.join(' ')).toBe(sentence)
  })

  it('respects the character limit', () => {
    const sentence = Array.from({ length: 60 }, () => 'extraordinarily').join(' ')
    for (const part of splitLongSentence(sentence, 100, 120)) expect(part.length).toBeLessThanOrEqual(120)
  })
})

describe('countSpokenWords', () => {
  it('counts long numbers as the several words a voice says', () => {
    expect(countSpokenWords('Since 1952 we bake 300 loaves, 7 days a week.')).toBe(
      1 + 3 + 1 + 1 + 2 + 1 + 1 + 1 + 1 + 1,
    )
  })
})
