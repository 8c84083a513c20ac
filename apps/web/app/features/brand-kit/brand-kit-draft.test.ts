import { describe, expect, it } from 'vitest'

import { getDefaultBrandKit } from '@storyreel/contracts/brand-kit'

import { ApiError, NetworkError } from '#app/lib/api-client.ts'

import { getColourVerdict, getDraftKey, getSaveErrors, parseHex, toDraft, validateDraft } from './brand-kit-draft.ts'

describe('parseHex', () => {
  it('reads a colour as people write it, and nothing else', () => {
    expect(parseHex('#FACC15')).toBe('#facc15')
    expect(parseHex(' facc15 ')).toBe('#facc15')
    expect(parseHex('#0f8')).toBe('#00ff88')
    for (const text of ['', '#12', 'red', '#1234567', '#gggggg']) expect(parseHex(text), text).toBeUndefined()
  })
})

describe('the brand kit draft', () => {
  it('counts stray spaces and a colour’s case as no change', () => {
    const draft = toDraft(getDefaultBrandKit())
    const edited = {
      ...draft,
      colours: { ...draft.colours, primary: draft.colours.primary.toUpperCase() },
      opening_card: { ...draft.opening_card, headline: '  ' },
    }
    expect(getDraftKey(edited)).toBe(getDraftKey(draft))
  })

  it('says what the API would refuse before it is sent', () => {
    const draft = toDraft(getDefaultBrandKit())
    expect(validateDraft(draft)).toEqual({})
    expect(
      Object.keys(
        validateDraft({
          ...draft,
          colours: { primary: '#12', accent: 'teal' },
          opening_card: { ...draft.opening_card, enabled: true },
          closing_card: { ...draft.closing_card, enabled: true, call_to_action: ' ' },
        }),
      ),
    ).toEqual(['primary', 'accent', 'headline', 'call_to_action'])
  })

  it('offers the strictest failing use’s shade, which passes every use of the colour', () => {
    const verdict = getColourVerdict({ primary: '#facc15', accent: '#0f766e' }, 'primary')
    expect(verdict.checks.map((check) => [check.use, check.passes])).toEqual([
      ['caption_plate', false],
      ['card_text', false],
    ])
    const fixed = getColourVerdict({ primary: verdict.suggestion ?? '', accent: '#0f766e' }, 'primary')
    expect(fixed.checks.every((check) => check.passes)).toBe(true)
    expect(fixed.suggestion).toBeNull()
  })
})

describe('getSaveErrors', () => {
  it('puts each refusal beside the field it is about', () => {
    expect(getSaveErrors(new ApiError(422, 'LOGO_FORMAT', 'A logo must be a PNG or WebP image.'))).toEqual({
      logo: 'A logo must be a PNG or WebP image.',
    })
    expect(
      getSaveErrors(
        new ApiError(400, 'VALIDATION_FAILED', [
          '/closing_card/call_to_action: the closing card needs a call to action',
          '/closing_card/contact: Too big: expected string to have <=80 characters',
          '/colours/accent: a colour is written as #rrggbb',
          'body: something else',
        ]),
      ),
    ).toEqual({
      call_to_action: 'The closing card needs a call to action.',
      contact: 'Too big: expected string to have <=80 characters.',
      accent: 'A colour is written as #rrggbb.',
      general: 'Something else.',
    })
    expect(getSaveErrors(new NetworkError('Could not reach StoryReel.')).general).toMatch(/could not be saved/)
  })
})
