import { describe, expect, it } from 'vitest'

import { parseRedeemCodeUpload, readFirstColumn } from './redeem-code-upload.ts'

describe('readFirstColumn', () => {
  it('takes the first cell of each row, whatever the line endings and separators', () => {
    expect(readFirstColumn('AAAA-1,x\r\nBBBB-2;y\nCCCC-3\tz\rDDDD-4')).toEqual([
      { line: 1, cell: 'AAAA-1' },
      { line: 2, cell: 'BBBB-2' },
      { line: 3, cell: 'CCCC-3' },
      { line: 4, cell: 'DDDD-4' },
    ])
  })

  it('reads quoted cells with separators, doubled quotes and line breaks, and keeps line numbers right', () => {
    expect(readFirstColumn('\uFEFF"EEEE-5","note, with comma"\n"FF""F","two\nlines"\nGGGG-7\n')).toEqual([
      { line: 1, cell: 'EEEE-5' },
      { line: 2, cell: 'FF"F' },
      { line: 4, cell: 'GGGG-7' },
    ])
  })
})

describe('parseRedeemCodeUpload', () => {
  it('skips a header row and blank rows, trims, and drops repeats', () => {
    const parsed = parseRedeemCodeUpload({ csv: 'Code,Status\n\n  AAAA-1111 ,new\nBBBB2222\nAAAA-1111\n' })
    expect(parsed).toEqual({ ok: true, codes: ['AAAA-1111', 'BBBB2222'], received: 3 })
  })

  it('keeps a first row that is a code, and never treats a list entry as a header', () => {
    expect(parseRedeemCodeUpload({ csv: 'CODE1\nCODE2' })).toMatchObject({ ok: true, codes: ['CODE1', 'CODE2'] })
    expect(parseRedeemCodeUpload({ codes: ['code', 'ABCD-1'] })).toMatchObject({ ok: true, codes: ['code', 'ABCD-1'] })
  })

  it('names every bad entry with its line or position and value', () => {
    expect(parseRedeemCodeUpload({ csv: 'code\nGOOD-0001\nno way\n-BAD\nGOOD-0002' })).toEqual({
      ok: false,
      problems: [
        'line 3: "no way" must be 4-64 letters, digits or dashes',
        'line 4: "-BAD" must be 4-64 letters, digits or dashes',
      ],
    })
    expect(parseRedeemCodeUpload({ codes: ['GOOD-0001', 'x'] })).toEqual({
      ok: false,
      problems: ['codes.1: "x" must be 4-64 letters, digits or dashes'],
    })
  })

  it('lists at most 50 problems', () => {
    const parsed = parseRedeemCodeUpload({ codes: Array.from({ length: 80 }, (_, index) => `!${index}`) })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.problems).toHaveLength(51)
      expect(parsed.problems.at(-1)).toBe('…and 30 more')
    }
  })

  it('refuses an upload with no codes and one with more than 10,000', () => {
    expect(parseRedeemCodeUpload({ csv: 'code\n\n' })).toEqual({ ok: false, problems: ['The upload holds no codes.'] })
    const csv = Array.from({ length: 10_001 }, (_, index) => `CODE-${index}`).join('\n')
    expect(parseRedeemCodeUpload({ csv })).toEqual({
      ok: false,
      problems: ['One upload holds at most 10000 codes; this one has 10001.'],
    })
  })
})
