import { describe, expect, it } from 'vitest'

import { parseWebEnv } from './env-schema.ts'
import { getGtmIdProblem, GtmIdError, isGtmId, parseGtmId, suggestGtmId } from './gtm-id.ts'

describe('Tag Manager container ids', () => {
  it('accepts GTM- followed by uppercase letters or digits', () => {
    for (const id of ['GTM-AB12CD', 'GTM-K9X7Q2M', 'GTM-1', 'GTM-ABCDEFG']) {
      expect(isGtmId(id), id).toBe(true)
      expect(parseGtmId(id)).toBe(id)
      expect(getGtmIdProblem(id)).toBeUndefined()
    }
  })

  it('rejects anything else', () => {
    for (const id of [
      '',
      'GTM-',
      'gtm-ab12cd',
      'GTM-ab12cd',
      'GTM_AB12CD',
      ' GTM-AB12CD',
      'GTM-AB12CD ',
      'GTM-AB-12',
    ]) {
      expect(isGtmId(id), JSON.stringify(id)).toBe(false)
    }
  })

  it("suggests 'GTM-AB12CD' for 'gtm-ab12cd'", () => {
    expect(suggestGtmId('gtm-ab12cd')).toBe('GTM-AB12CD')
    const error = (() => {
      try {
        parseGtmId('gtm-ab12cd')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(GtmIdError)
    expect(error).toMatchObject({ value: 'gtm-ab12cd', suggestion: 'GTM-AB12CD' })
    expect((error as GtmIdError).message).toBe(
      "'gtm-ab12cd' is not a Tag Manager container id: it must be GTM- followed by uppercase letters or digits. " +
        "Did you mean 'GTM-AB12CD'?",
    )
  })

  it('repairs case, separators, spaces and a missing prefix', () => {
    expect(suggestGtmId('GTM_AB12CD')).toBe('GTM-AB12CD')
    expect(suggestGtmId(' GTM-AB12CD ')).toBe('GTM-AB12CD')
    expect(suggestGtmId('gtmab12cd')).toBe('GTM-AB12CD')
    expect(suggestGtmId('ab12cd')).toBe('GTM-AB12CD')
    expect(suggestGtmId('GTM-AB 12-cd')).toBe('GTM-AB12CD')
  })

  it('suggests nothing when nothing is left or the value is another kind of Google tag id', () => {
    expect(suggestGtmId('GTM-')).toBeUndefined()
    expect(suggestGtmId('---')).toBeUndefined()
    expect(getGtmIdProblem('---')).toMatch(/Copy the container id \(GTM-XXXXXXX\) from Tag Manager\.$/)
    for (const id of ['G-ABC123XYZ', 'UA-12345-1', 'AW-123456']) {
      expect(suggestGtmId(id), id).toBeUndefined()
      expect(getGtmIdProblem(id)).toMatch(/looks like another Google tag id/)
    }
  })

  it('every suggestion is itself a valid id', () => {
    for (const value of ['gtm-ab12cd', 'gtm ab12cd', 'Gtm–Ab12', 'x']) {
      const suggestion = suggestGtmId(value)
      expect(suggestion && isGtmId(suggestion), value).toBe(true)
    }
  })
})

describe('VITE_GTM_ID in the public build config', () => {
  it('is off when empty or unset', () => {
    expect(parseWebEnv({}).gtmId).toBeNull()
    expect(parseWebEnv({ VITE_GTM_ID: '' }).gtmId).toBeNull()
  })

  it('passes a valid container id through', () => {
    expect(parseWebEnv({ VITE_GTM_ID: 'GTM-AB12CD' }).gtmId).toBe('GTM-AB12CD')
  })

  it('fails the build on a malformed id, naming the variable and the corrected id', () => {
    expect(() => parseWebEnv({ VITE_GTM_ID: 'gtm-ab12cd' })).toThrow(
      "Invalid web environment:\n  VITE_GTM_ID: 'gtm-ab12cd' is not a Tag Manager container id: it must be GTM- " +
        "followed by uppercase letters or digits. Did you mean 'GTM-AB12CD'?",
    )
  })
})
