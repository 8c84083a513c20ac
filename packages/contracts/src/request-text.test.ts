import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

import { AdminUsersQuerySchema, RedeemCodesUploadBodySchema } from './admin.ts'
import { DiscordLoginBodySchema, ProfilePatchBodySchema, RegisterBodySchema } from './auth.ts'
import { MultiLineTextSchema, normalizeLineBreaks, SingleLineTextSchema } from './request-text.ts'
import {
  CreateProjectBodySchema,
  DEFAULT_PROJECT_SETTINGS,
  ProjectParamsSchema,
  SceneSchema,
  SourceSchema,
  UpdateProjectBodySchema,
} from './studio.ts'

const CONTROL = 'must not contain control characters'
const LINE_BREAK = 'must be a single line, without line breaks or tabs'
const SURROGATE = 'must not contain unpaired surrogate characters (broken Unicode text)'

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

// Every C0 control but tab, line feed and carriage return, then DEL and the C1 controls.
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => 0x7f + offset),
].map((code) => String.fromCharCode(code))
const UNPAIRED = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud800', '\ud800b', 'a\udc00b', '\udc00\ud800', '😀\udc00']

describe('SingleLineTextSchema', () => {
  it('accepts ordinary text in any script, emoji included', () => {
    for (const text of ['Maya', 'Zoë O’Brien', '東京', 'مرحبا', '😀 ok', '', ' spaced ']) {
      expect(SingleLineTextSchema.parse(text)).toBe(text)
    }
  })

  it('refuses every control character, wherever it stands', () => {
    for (const char of CONTROL_CHARACTERS) {
      for (const text of [char, `a${char}b`, `ab${char}`])
        expect(messagesOf(SingleLineTextSchema, text)).toEqual([`: ${CONTROL}`])
    }
  })

  it('refuses tabs and line breaks, a lone carriage return included', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb', 'a\rb', 'ab\n']) {
      expect(messagesOf(SingleLineTextSchema, text)).toEqual([`: ${LINE_BREAK}`])
    }
  })

  it('refuses unpaired surrogates, high or low, but keeps pairs', () => {
    for (const text of UNPAIRED) expect(messagesOf(SingleLineTextSchema, text)).toEqual([`: ${SURROGATE}`])
    expect(SingleLineTextSchema.parse('\ud83d\ude00')).toBe('😀')
  })

  it('keeps its checks when a field adds its own', () => {
    const Name = SingleLineTextSchema.trim().max(5)
    expect(Name.parse('  Maya ')).toBe('Maya')
    expect(messagesOf(Name, 'a\u0000bcdefg')).toEqual([
      `: ${CONTROL}`,
      ': Too big: expected string to have <=5 characters',
    ])
  })
})

describe('MultiLineTextSchema', () => {
  it('stores every line break as \\n and keeps tabs', () => {
    expect(MultiLineTextSchema.parse('one\r\ntwo\rthree\nfour\tcolumn')).toBe('one\ntwo\nthree\nfour\tcolumn')
    expect(MultiLineTextSchema.parse('\r\n\r\n')).toBe('\n\n')
    expect(normalizeLineBreaks('a\r\r\nb')).toBe('a\n\nb')
  })

  it('refuses the other control characters and unpaired surrogates', () => {
    for (const char of CONTROL_CHARACTERS)
      expect(messagesOf(MultiLineTextSchema, `line\n${char}`)).toEqual([`: ${CONTROL}`])
    for (const text of UNPAIRED) expect(messagesOf(MultiLineTextSchema, text)).toEqual([`: ${SURROGATE}`])
  })

  it('normalises before a field trims and counts', () => {
    const Text = MultiLineTextSchema.trim().max(3)
    expect(Text.parse('\r\na\r\nb\r\n')).toBe('a\nb')
  })
})

describe('request schemas', () => {
  const source = { kind: 'script', text: 'A keeper climbs the stairs.' }
  const scene = { narration: 'Waves.', visual: 'A lighthouse at dusk', duration: 4 }

  it('name the field whose text is refused', () => {
    expect(messagesOf(RegisterBodySchema, { email: 'a@example.com', password: 'pw', first_name: 'a\u0000b' })).toEqual([
      `first_name: ${CONTROL}`,
    ])
    expect(messagesOf(ProfilePatchBodySchema, { first_name: '\u0000' })).toEqual([`first_name: ${CONTROL}`])
    expect(messagesOf(RegisterBodySchema, { email: 'a\u0000@example.com', password: 'p\u0000' })).toEqual([
      `email: ${CONTROL}`,
      `password: ${CONTROL}`,
    ])
    expect(
      messagesOf(CreateProjectBodySchema, {
        title: 'a\u0000',
        source: { kind: 'script', text: 'Words\u0000 here' },
        settings: DEFAULT_PROJECT_SETTINGS,
      }),
    ).toEqual([`title: ${CONTROL}`, `source.text: ${CONTROL}`])
    expect(messagesOf(UpdateProjectBodySchema, { scenes: [{ ...scene, visual: '\ud800' }] })).toEqual([
      `scenes.0.visual: ${SURROGATE}`,
    ])
    expect(messagesOf(AdminUsersQuerySchema, { q: '\u0000' })).toEqual([`q: ${CONTROL}`])
    expect(messagesOf(ProjectParamsSchema, { id: 'a\u0000' })).toEqual([`id: ${CONTROL}`])
    expect(messagesOf(RedeemCodesUploadBodySchema, { codes: ['ABCD-1', 'EF\u0007GH'] })).toEqual([
      `codes.1: ${CONTROL}`,
    ])
    expect(
      messagesOf(DiscordLoginBodySchema, { code: 'c', redirect_uri: 'https://a.example/\u0000', state: '12345678' }),
    ).toEqual([`redirect_uri: ${CONTROL}`])
  })

  it('normalise line breaks in multi-line fields only', () => {
    const created = CreateProjectBodySchema.parse({
      source: { ...source, text: 'Line one.\r\nLine two.' },
      settings: DEFAULT_PROJECT_SETTINGS,
    })
    expect(created.source.text).toBe('Line one.\nLine two.')
    const updated = UpdateProjectBodySchema.parse({
      scenes: [{ ...scene, narration: 'One.\r\nTwo.', visual: 'Sea\r\nand sky' }],
    })
    expect(updated.scenes?.[0]).toMatchObject({ narration: 'One.\nTwo.', visual: 'Sea\nand sky' })
    expect(RedeemCodesUploadBodySchema.parse({ csv: 'code\r\nABCD-1\r\n' })).toEqual({ csv: 'code\nABCD-1\n' })
    expect(messagesOf(UpdateProjectBodySchema, { title: 'Two\r\nlines' })).toEqual([`title: ${LINE_BREAK}`])
  })

  it('leave the stored shapes that responses use as they were', () => {
    // Rows written before these checks must still read.
    expect(
      SceneSchema.parse({ ...scene, id: '00000000-0000-4000-8000-000000000000', seed: 1, narration: 'a\u0001' })
        .narration,
    ).toBe('a\u0001')
    expect(SourceSchema.parse({ ...source, text: 'Some\r\nwords' }).text).toBe('Some\r\nwords')
  })
})
