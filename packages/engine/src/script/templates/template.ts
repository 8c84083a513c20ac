import { line, type Line, type Part } from '../plan.ts'

/**
 * The writer's sentences are data: each kind of video keeps its lines as templates in one registry
 * (registry.ts), and its module (../intents/) only works out the words that fill them. A template names
 * what it needs in braces ("Welcome to {first}{inPlace}."); a line whose slot has no value is left out, so
 * "{Audience} are always welcome." is said only when the prompt names an audience.
 */

/** One spoken sentence and its picture, with {slots}. `{Slot}` is the value with a capital first letter. */
export type LineTemplate = {
  say: string
  show: string
  /** Said only when this slot has a value, though the line does not name it ("our" shop: "Welcome to…"). */
  when?: string
  /** Said only when this slot has no value: the line a fuller one stands in for. */
  unless?: string
}

/** A part of a video: required parts are always said (their first line), the others as length allows. */
export type PartTemplate = { required: boolean; lines: readonly LineTemplate[]; when?: string; unless?: string }

/** Whether a template's `when` and `unless` conditions hold. */
function holds(template: { when?: string; unless?: string }, slots: Slots): boolean {
  if (template.when !== undefined && slots[template.when] === undefined) return false
  return template.unless === undefined || slots[template.unless] === undefined
}

/** What fills the slots: a missing value (undefined) leaves out the lines that need it; '' fills with nothing. */
export type Slots = Record<string, string | undefined>

/** Slots of one kind of video: only the names its templates declare, so a misspelt one fails to compile. */
export type SlotsOf<Name extends string> = { [Key in Name]?: string | undefined }

const SLOT = /\{(\w+)\}/g

/** The slots a text names, as written ("Audience" for a capitalised one). */
export function getSlotNames(text: string): string[] {
  return [...text.matchAll(SLOT)].map((match) => match[1] ?? '')
}

function valueOf(name: string, slots: Slots): string | undefined {
  const value = slots[name] ?? slots[name.charAt(0).toLowerCase() + name.slice(1)]
  if (value === undefined) return undefined
  return /^\p{Lu}/u.test(name) ? value.charAt(0).toUpperCase() + value.slice(1) : value
}

/** The text with its slots filled, or undefined when one of them has no value. */
export function fillText(text: string, slots: Slots): string | undefined {
  let missing = false
  const filled = text.replace(SLOT, (_, name: string) => {
    const value = valueOf(name, slots)
    if (value === undefined) missing = true
    return value ?? ''
  })
  return missing ? undefined : filled
}

export function fillLine(template: LineTemplate, slots: Slots): Line | undefined {
  if (!holds(template, slots)) return undefined
  const say = fillText(template.say, slots)
  const show = fillText(template.show, slots)
  return say === undefined || show === undefined ? undefined : line(say, show)
}

export function fillLines(templates: readonly LineTemplate[], slots: Slots): Line[] {
  return templates.flatMap((template) => fillLine(template, slots) ?? [])
}

/** A part with its lines filled; undefined when none of its lines can be said. */
export function fillPart(template: PartTemplate, slots: Slots): Part | undefined {
  if (!holds(template, slots)) return undefined
  const lines = fillLines(template.lines, slots)
  return lines.length > 0 ? { isRequired: template.required, lines } : undefined
}

export function fillParts(templates: readonly PartTemplate[], slots: Slots): Part[] {
  return templates.flatMap((template) => fillPart(template, slots) ?? [])
}

/** A part that must be said: its template filled, or the fallback line when nothing could be. */
export function requirePart(template: PartTemplate, slots: Slots, fallback: Line): Part {
  return fillPart(template, slots) ?? { isRequired: template.required, lines: [fallback] }
}

/** One template per item of a list ("Make time for {item}."), cycling through the templates. */
export function fillEach(templates: readonly LineTemplate[], items: Slots[]): Line[] {
  return items.flatMap((slots, index) => {
    const template = templates[index % templates.length]
    return template ? (fillLine(template, slots) ?? []) : []
  })
}
