import { lowerFirst, toTitle } from '../english.ts'
import { fallbackPhrase, type Plan } from '../plan.ts'
import type { PromptBrief } from '../prompt-brief.ts'
import { be, refer } from '../references.ts'
import type { EventSlot } from '../templates/event.ts'
import { WRITER_TEMPLATES } from '../templates/registry.ts'
import { fillEach, fillParts, requirePart, type SlotsOf } from '../templates/template.ts'
import { getEventScene } from '../writer-lexicon.ts'

/** An event: its date and venue as the prompt gives them, what it offers, and a reminder to come. */
export function writeEvent(brief: PromptBrief): Plan {
  const subject = brief.subject ?? fallbackPhrase('event')
  const it = refer(subject, { definiteFirst: !brief.isOwn })
  const kind = getEventScene(subject.text)
  // The venue and the town both: "at the town hall in Bristol".
  const venue = brief.setting ? `${brief.settingPreposition} the ${brief.setting.text}` : undefined
  const at = [venue, brief.place ? `in ${brief.place}` : undefined].filter(Boolean).join(' ')
  const toPlace = brief.place ? ` to ${brief.place}${venue ? `, ${venue},` : ''}` : venue ? ` ${venue}` : ''
  const slots: SlotsOf<EventSlot> = {
    first: it.first,
    short: it.short,
    is: be(it.isPlural),
    toPlace,
    when: brief.when ? ` ${lowerFirst(brief.when)}` : '',
    at: at ? ` ${at}` : '',
    crowd: kind.crowd,
    moment: kind.moment,
    detail: kind.detail,
    expect: kind.expect,
    audience: brief.audience ? refer(brief.audience).first : undefined,
    deal: brief.deal,
  }
  const templates = WRITER_TEMPLATES.event
  const highlights = fillEach(
    templates.highlights,
    brief.highlights.slice(0, 3).map((phrase) => ({
      ...slots,
      item: refer(phrase, { definiteFirst: true }).first,
      itemIndefinite: refer(phrase).indefinite,
    })),
  )
  const filled = fillParts(templates.beats, slots)
  // What the prompt says the event has comes after the offer and the invitation.
  const after = brief.deal ? 2 : 1
  const fallback = { text: `Mark your calendar: ${it.first} ${be(it.isPlural)} coming.`, shot: kind.crowd }
  return {
    title: toTitle(`${brief.isOwn ? it.first : subject.text}${brief.place ? ` in ${brief.place}` : ''}`),
    hook: requirePart(templates.hook, slots, fallback),
    beats: [
      ...filled.slice(0, after),
      ...(highlights.length > 0 ? [{ isRequired: false, lines: highlights }] : []),
      ...filled.slice(after),
    ],
    close: requirePart(templates.close, slots, fallback),
    gaps: [],
    gapLimit: undefined,
    brief,
  }
}
