import { GTM_ID_PATTERN } from '@storyreel/contracts/gtm-id-pattern'

/** Other Google tag ids (GA4 measurement, Universal Analytics, Ads, Floodlight): no GTM- form of them exists. */
const OTHER_GOOGLE_TAG = /^\s*(G|UA|AW|DC)-/i

export function isGtmId(value: string): boolean {
  return GTM_ID_PATTERN.test(value)
}

/**
 * The container id someone most likely meant: upper-cased, without spaces or stray separators, with the
 * GTM- prefix put right ('gtm-ab12cd', 'GTM_AB12CD' and 'AB12CD' all give 'GTM-AB12CD'). Undefined when
 * nothing sensible is left or the value is another kind of Google tag id.
 */
export function suggestGtmId(value: string): string | undefined {
  if (OTHER_GOOGLE_TAG.test(value)) return undefined
  const compact = value.toUpperCase().replace(/[^A-Z0-9]/g, '')
  const body = compact.startsWith('GTM') ? compact.slice(3) : compact
  return body ? `GTM-${body}` : undefined
}

/** Why a value is not a container id, in words for whoever set it; undefined for a valid id. */
export function getGtmIdProblem(value: string): string | undefined {
  if (isGtmId(value)) return undefined
  const problem = `'${value}' is not a Tag Manager container id: it must be GTM- followed by uppercase letters or digits.`
  const suggestion = suggestGtmId(value)
  if (suggestion) return `${problem} Did you mean '${suggestion}'?`
  if (OTHER_GOOGLE_TAG.test(value)) {
    return `${problem} This looks like another Google tag id; use the container id shown in Tag Manager.`
  }
  return `${problem} Copy the container id (GTM-XXXXXXX) from Tag Manager.`
}

export class GtmIdError extends Error {
  readonly value: string
  readonly suggestion: string | undefined

  constructor(value: string) {
    super(getGtmIdProblem(value) ?? `'${value}' is a valid Tag Manager container id`)
    this.name = 'GtmIdError'
    this.value = value
    this.suggestion = suggestGtmId(value)
  }
}

/** Returns the id unchanged when it is a container id; otherwise throws a GtmIdError naming the corrected id. */
export function parseGtmId(value: string): string {
  if (!isGtmId(value)) throw new GtmIdError(value)
  return value
}
