import { describe, expect, it } from 'vitest'

import { WRITER_INTENTS } from '../prompt-brief.ts'
import { WRITER_TEMPLATE_SLOTS, WRITER_TEMPLATES } from './registry.ts'
import { fillText, getSlotNames } from './template.ts'

/** Every string of a kind's templates, and every slot its conditions name. */
function collect(value: unknown, texts: string[], conditions: string[]) {
  if (typeof value === 'string') texts.push(value)
  else if (Array.isArray(value)) for (const item of value) collect(item, texts, conditions)
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'when' || key === 'unless') && typeof item === 'string') conditions.push(item)
      else collect(item, texts, conditions)
    }
  }
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1)

describe('the registry of sentence templates', () => {
  it('has templates and a list of slots for every kind of video', () => {
    for (const intent of WRITER_INTENTS) {
      expect(WRITER_TEMPLATES[intent], intent).toBeDefined()
      expect(WRITER_TEMPLATE_SLOTS[intent].length, intent).toBeGreaterThan(0)
    }
  })

  it.each(WRITER_INTENTS)('names in %s templates only the slots its module fills, and uses each of them', (intent) => {
    const texts: string[] = []
    const conditions: string[] = []
    collect(WRITER_TEMPLATES[intent], texts, conditions)
    const declared = new Set(WRITER_TEMPLATE_SLOTS[intent])
    const used = new Set([...texts.flatMap(getSlotNames).map(lowerFirst), ...conditions])
    for (const name of used) expect(declared.has(name), `{${name}} in ${intent}`).toBe(true)
    for (const name of declared) expect(used.has(name), `${name} declared for ${intent} but never named`).toBe(true)
    for (const text of texts) {
      // Braces only around a slot name: "{ first}" or an unclosed "{" would be said aloud.
      expect(text.replace(/\{\w+\}/g, ''), text).not.toMatch(/[{}]/)
    }
  })

  it('fills a capitalised slot with a capital, and leaves out a line whose slot has no value', () => {
    expect(fillText('{Audience} are always welcome.', { audience: 'busy parents' })).toBe(
      'Busy parents are always welcome.',
    )
    expect(fillText('{Audience} are always welcome.', {})).toBeUndefined()
    expect(fillText('Visit {short}{inPlace} today.', { short: 'our bakery', inPlace: '' })).toBe(
      'Visit our bakery today.',
    )
  })
})
