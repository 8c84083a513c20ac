/**
 * What the reader finds in a prompt (prompt-reader.ts) and the writer writes from (prompt-writer.ts).
 */

export const WRITER_INTENTS = [
  'ad',
  'story',
  'explainer',
  'how-to',
  'travel',
  'recipe',
  'tips',
  'event',
  'facts',
] as const
export type WriterIntent = (typeof WRITER_INTENTS)[number]

/** A noun phrase of the prompt: "our handmade coffee shop" is determiner "our", qualities and a head. */
export type NounPhrase = {
  /** Without its determiner: "handmade coffee shop". */
  text: string
  /** "a", "the", "our", "my", "his"… as written, or undefined. */
  determiner: string | undefined
  /** The thing itself, with the nouns that name its kind: "coffee shop". */
  head: string
  /** The adjectives before it: ["handmade"]. */
  qualities: string[]
  isPlural: boolean
  /** A proper name ("Lisbon", "Maria", "the Roman Empire"). */
  isName: boolean
}

export type Character = {
  phrase: NounPhrase
  /** A name the prompt gives it ("a boy named Leo", "his dog Biscuit", "Maria"). */
  name: string | undefined
  kind: 'person' | 'animal' | 'creature'
}

export type PromptBrief = {
  intent: WriterIntent
  /** What the video is about: the business, product, destination, event, dish or thing explained. */
  subject: NounPhrase | undefined
  /** Where, by name: "Lisbon". */
  place: string | undefined
  /** Where, as a thing: "a night-market food stall", "the mountains". */
  setting: NounPhrase | undefined
  /** The preposition the prompt puts before the setting: "at", "beneath". */
  settingPreposition: string
  /** Who it is for: "busy parents". */
  audience: NounPhrase | undefined
  /** When, as the prompt says it: "this July". */
  when: string | undefined
  /** How many tips or facts the prompt asks for. */
  count: number | undefined
  /** Whether the prompt speaks of its subject as its own ("our bakery", "my yoga studio"). */
  isOwn: boolean
  /** A how-to's or recipe's task, verb first: "build a wooden shelf". */
  task: string | undefined
  /** An explainer's question as a clause, or a tips/facts topic: "how solar panels work", "better sleep". */
  topic: string | undefined
  /** A story's people and animals, the protagonist first. */
  characters: Character[]
  /** Things the prompt lists for the video to show: "lemon groves, the harbour and the village". */
  highlights: NounPhrase[]
  /** What happens in a story, in the present tense without its subject: "teaches a girl to make dumplings". */
  plot: string | undefined
  /** When a business is open, as the prompt says it after "open": "Saturdays", "every evening from 6 pm". */
  hours: string | undefined
  /** An offer the prompt makes, as written: "20% off this week", "kids eat free on Sundays", "free entry". */
  deal: string | undefined
  /** How long a trip lasts, as the prompt says it: "three days", "a weekend". */
  span: string | undefined
  /** A story the prompt calls scary ("a horror story", "a ghost story"): told in a darker voice. */
  isDark: boolean
}
