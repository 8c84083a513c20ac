import { capitalize, joinList, presentTense, toTitle, withIndefinite } from '../english.ts'
import { fallbackPhrase, type Plan } from '../plan.ts'
import type { NounPhrase, PromptBrief } from '../prompt-brief.ts'
import { getHoursPhrase } from '../prompt-details.ts'
import { be, refer } from '../references.ts'
import type { AdSlot } from '../templates/ad.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillParts, requirePart, type SlotsOf } from '../templates/template.ts'
import { getNounEntry } from '../../lexicon/english-words.ts'
import { BUSINESSES, getProduct, type Business } from '../writer-lexicon.ts'

/** What a phrase's last word, as a token, says of a business (a workshop is no shop, a crowbar no bar). */
const headOf = (word: string | undefined) => (word ? getNounEntry(word)?.businessHead : undefined)

/** The kind of business a phrase names: the whole phrase first ("a dog grooming salon" is a groomer's). */
function getBusiness(phrase: string): Business | undefined {
  const lower = phrase.toLowerCase()
  const words = lower.split(' ')
  const known = BUSINESSES.get(lower) ?? BUSINESSES.get(words.slice(-2).join(' ')) ?? BUSINESSES.get(words.at(-1) ?? '')
  if (known) return known
  // "a mobile dog grooming service": a service named by the work of a known business ("grooming salon") is
  // that work done at the customer's.
  if (headOf(words.at(-1))?.generic) {
    const named = [...BUSINESSES].find(([key]) =>
      key.split(' ').some((word) => !headOf(word)?.generic && words.slice(0, -1).includes(word)),
    )?.[1]
    if (named) return { ...named, isVenue: false }
  }
  // The phrase's last word, as a token: "a workshop" is no shop, "a crowbar" no bar.
  const head = headOf(words.at(-1))?.as
  if (head === 'venue')
    return { worker: 'shopkeeper', work: 'welcomes a customer at the door', offer: 'a visit', isVenue: true }
  if (head === 'service')
    return { worker: 'team member', work: 'shakes hands with a customer', offer: 'a first appointment', isVenue: false }
  return undefined
}

/** Slots every ad fills from what the prompt names: its products, hours, offer and audience. */
function namedSlots(brief: PromptBrief, it: { indefinite: string }, isVenue: boolean): SlotsOf<AdSlot> {
  const audience = brief.audience ? refer(brief.audience).first : undefined
  const products = brief.highlights.length > 0 ? joinList(brief.highlights.map((phrase) => phrase.text)) : undefined
  return {
    products,
    itWithProducts: products ? `${it.indefinite} with ${products} in the window` : it.indefinite,
    hoursWhen: brief.hours ? getHoursPhrase(brief.hours) : undefined,
    opener: brief.isOwn ? 'we are' : `${it.indefinite.replace(/^an?\s+/, 'the ')} is`,
    deal: brief.deal,
    dealShow: isVenue ? `a chalkboard sign outside ${it.indefinite}` : `${it.indefinite} with a sale tag`,
    // A service has no door to hang a sign on: its hours are its bookings.
    hoursShow: isVenue ? `an open sign on the door of ${it.indefinite}` : "a phone showing the week's bookings",
    audience,
    audienceBe: be(brief.audience?.isPlural ?? false),
    own: brief.isOwn ? '' : undefined,
    us: brief.isOwn ? 'us' : 'them',
    place: brief.place,
  }
}

function writeBusinessAd(brief: PromptBrief, subject: NounPhrase, business: Business): Plan {
  const it = refer(subject)
  const inPlace = brief.place ? ` in ${brief.place}` : ''
  const worker = withIndefinite(business.worker)
  // Qualities are what the place is like ("handmade", "family-run"); words saying what it does ("dog grooming")
  // are its name, not a list of what it is about.
  const naming = subject.qualities.findLastIndex((quality) => /ing$/i.test(quality))
  const qualities = subject.qualities.slice(naming + 1).filter((quality) => !/^(?:new|best|good|great)$/i.test(quality))
  const slots: SlotsOf<AdSlot> = {
    ...namedSlots(brief, it, business.isVenue),
    first: it.first,
    short: it.short,
    it: it.indefinite,
    inPlace,
    street: brief.place ? `a street in ${brief.place}` : 'a quiet street',
    worker,
    work: business.work,
    offer: business.offer,
    qualities: qualities.length > 0 ? joinList(qualities) : undefined,
    // Customers sit down at a café or a pub (shots may show tables); a flower shop is walked into and left.
    seated: business.isVenue && business.seated ? '' : undefined,
  }
  const audience = slots.audience
  if (audience)
    slots.audienceShot = !business.isVenue
      ? `${worker} with ${audience} at their front door`
      : slots.seated !== undefined
        ? `${audience} at a table inside ${it.indefinite}`
        : `${audience} inside ${it.indefinite}`
  const templates = business.isVenue ? WRITER_TEMPLATES.ad.venue : WRITER_TEMPLATES.ad.service
  const fallback = { text: `Welcome to ${it.first}${inPlace}.`, shot: capitalize(it.indefinite) }
  return {
    title: toTitle(`${brief.isOwn ? it.first : subject.text}${inPlace}`),
    hook: requirePart(templates.hook, slots, fallback),
    beats: fillParts(templates.beats, slots),
    close: requirePart(templates.close, slots, fallback),
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

function writeProductAd(brief: PromptBrief, subject: NounPhrase): Plan {
  const it = refer(subject, { definiteFirst: true })
  const pronoun = it.isPlural ? 'they' : 'it'
  const headWord = subject.head.toLowerCase().split(' ').at(-1) ?? ''
  // "Scented candles" are candles: the singular finds what people do with them.
  const singular = headWord.replace(/(?<=[^s])s$/, '')
  const product = getProduct(subject.head) ?? getProduct(headWord) ?? getProduct(singular)
  const use = product?.use ?? 'use'
  const [verb = 'use', ...rest] = use.split(' ')
  const named = namedSlots(brief, it, false)
  const madeFor = `${capitalize(pronoun)} ${be(it.isPlural)} made for ${named.audience ?? 'everyday life'}.`
  const slots: SlotsOf<AdSlot> = {
    ...named,
    first: it.first,
    short: it.short,
    it: it.indefinite,
    pronoun,
    object: it.isPlural ? 'them' : 'it',
    is: be(it.isPlural),
    fits: presentTense('fit', it.isPlural),
    becomes: presentTense('become', it.isPlural),
    makes: presentTense('make', it.isPlural),
    come: presentTense('come', it.isPlural),
    use,
    shotPerson: `a person ${presentTense(verb, false)}${rest.length ? ` ${rest.join(' ')}` : ''} ${it.indefinite}`,
    // Candles, soap and mugs stay at home: no one lights a candle on the way to work.
    atHome: product?.home ? '' : undefined,
    qualities:
      subject.qualities.length > 0 ? joinList(subject.qualities.map((quality) => quality.toLowerCase())) : undefined,
    madeFor,
  }
  const templates = WRITER_TEMPLATES.ad.product
  const fallback = { text: `Meet ${it.first}.`, shot: capitalize(it.indefinite) }
  return {
    title: toTitle(`${brief.isOwn ? it.first : subject.text}${named.audience ? ` for ${named.audience}` : ''}`),
    hook: requirePart(templates.hook, slots, fallback),
    beats: fillParts(templates.beats, slots),
    close: requirePart(templates.close, slots, fallback),
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}

/** An ad for a business (a place to visit or a service) or for a product. */
export function writeAd(brief: PromptBrief): Plan {
  const subject = brief.subject ?? fallbackPhrase('business')
  const business = getBusiness(subject.text) ?? getBusiness(subject.head)
  return business ? writeBusinessAd(brief, subject, business) : writeProductAd(brief, subject)
}
