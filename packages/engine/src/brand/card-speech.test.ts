import { describe, expect, it } from 'vitest'

import { getCardSpeech, getSpokenContact } from './card-speech.ts'

describe('getCardSpeech', () => {
  it('reads the call to action, a pause, then a web address as it is written', () => {
    expect(getCardSpeech({ callToAction: 'Book a table today', contact: 'rosas-flowers.com' })).toBe(
      'Book a table today. rosas-flowers.com',
    )
    expect(getCardSpeech({ callToAction: 'Visit us!', contact: 'https://www.rosas-flowers.com/' })).toBe(
      'Visit us! www.rosas-flowers.com',
    )
    expect(getCardSpeech({ callToAction: 'Come and see us', contact: '' })).toBe('Come and see us')
  })

  it('reads a phone number digit by digit, in the groups it is written in', () => {
    expect(getSpokenContact('555-0102')).toBe('5 5 5, 0 1 0 2')
    expect(getSpokenContact('+44 20 7946 0958')).toBe('+4 4, 2 0, 7 9 4 6, 0 9 5 8')
    expect(getSpokenContact('(555) 010-2030')).toBe('5 5 5, 0 1 0, 2 0 3 0')
    expect(getSpokenContact('Call 020 7946 0958 or visit rosas24.com')).toBe(
      'Call 0 2 0, 7 9 4 6, 0 9 5 8 or visit rosas24.com',
    )
    // Short numbers are no phone number: a year, a street number.
    expect(getSpokenContact('Open since 1998')).toBe('Open since 1998')
  })
})
