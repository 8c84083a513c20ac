import { z } from 'zod'

import {
  EVENT_KINDS,
  MOODS,
  OTHER_LANGUAGES,
  PARTICLE_KINDS,
  SETTINGS,
  TIMES_OF_DAY,
  TRIP_KINDS,
  WEATHERS,
} from './vocabulary.ts'

/**
 * One word or phrase of the lexicon and what it means in a picture. The writer, the scene planner and the
 * prompts sent to a hosted image engine all read these records; nothing else keeps words of its own.
 */

export const ENTRY_KINDS = [
  'person',
  'animal',
  /** A being of stories (a dragon, a ghost, a robot): a character, but no person and no animal. */
  'creature',
  'plant',
  'food',
  'thing',
  'vehicle',
  'place',
  'sky',
  'weather',
  'time',
  'mood',
  'activity',
  'abstract',
] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

const lemma = z
  .string()
  .regex(/^[a-z][a-z'-]*(?: [a-z][a-z'-]*){0,2}$/u, 'a lower-case lemma or a phrase of up to three words')

export const LexiconEntrySchema = z
  .strictObject({
    /** The English lemma (American spelling, as the tagger gives it) or a phrase of two or three words. */
    lemma,
    /** Noun unless said; verbs and adjectives only steer the hour, the weather, the mood or an activity. */
    pos: z.enum(['noun', 'verb', 'adjective']).optional(),
    kind: z.enum(ENTRY_KINDS),
    /**
     * The kind of WordNet sense the entry stands for where the word has others: reached through a broader
     * sense of another word, only a sense of this kind counts ("mud" is a kind of earth, the soil, not the planet).
     */
    sense: z.string().optional(),
    /** Drawings that show it, best first (Noto Emoji names); without them the art library finds it by its words. */
    art: z.array(z.string()).min(1).optional(),
    /** "none": never a picture, whatever it spells like; "backdrop": painted by the setting, never a subject. */
    picture: z.enum(['none', 'backdrop']).optional(),
    /** The place the word puts a scene in: it wins over where its things are usually found. */
    setting: z.enum(SETTINGS).optional(),
    /** Where it is found when the words name no place. */
    home: z.enum(SETTINGS).optional(),
    /** The kind of destination a trip to it is, for the writer's travel shots ("harbour": the coast). */
    trip: z.enum(TRIP_KINDS).optional(),
    /** The kind of event it is, for the writer's event videos ("a book fair": a fair, "a gig": music). */
    event: z.enum(EVENT_KINDS).optional(),
    time: z.enum(TIMES_OF_DAY).optional(),
    weather: z.enum(WEATHERS).optional(),
    mood: z.enum(MOODS).optional(),
    particles: z.enum(PARTICLE_KINDS).optional(),
    /** Water running across the land ("down to the river"): the ground shows it. */
    water: z.literal('river').optional(),
    /**
     * The sex English marks in the word ("aunt", "rooster"): the writer's pronouns and the figure drawn for a
     * role read it. The one list of gendered words; a word that marks none has none.
     */
    gender: z.enum(['female', 'male']).optional(),
    /**
     * A kind of business, as the writer's ads say it: who works there, what they do (present tense, "pours a
     * cup of coffee"), what people come for, whether customers come to it (a venue) or it comes to them, and
     * whether they sit down there (a café, a pub: its shots may show tables; a flower shop is walked into).
     */
    business: z
      .strictObject({
        worker: z.string(),
        work: z.string(),
        offer: z.string(),
        venue: z.boolean(),
        seated: z.literal(true).optional(),
      })
      .optional(),
    /**
     * A product as the writer's ads show it in use: what one does with it (plural subject: "listen to music
     * on"), and whether it stays at home (a candle, a mug), so its shots do.
     */
    product: z.strictObject({ use: z.string(), home: z.literal(true).optional() }).optional(),
    /**
     * As the last word of what an ad is for, what the word says of a business the writer knows no kind of: a
     * place customers visit ("… studio") or a service that comes to them ("… company"); `generic` when it
     * says nothing of the work, so the words before it may name a kind ("a mobile dog grooming service").
     */
    businessHead: z
      .strictObject({ as: z.enum(['venue', 'service']).optional(), generic: z.literal(true).optional() })
      .optional(),
    /**
     * Several people, not one ("the crowd", "the team"): drawn as a group of figures; "plural" only in the
     * plural ("a friend" is one person, "friends" several).
     */
    group: z.union([z.literal(true), z.literal('plural')]).optional(),
    /**
     * Family: beside an animal a parent or a young one is that animal's ("a mother elephant", "her baby"); a
     * parent or a relative shares the skin tone of whose family they are ("her brother").
     */
    kin: z.enum(['parent', 'young', 'relative']).optional(),
    /** A word for company ("friends", "the pair"): in a story of animals, those animals. */
    company: z.literal(true).optional(),
    /** What someone of this role carries or wears, drawn with them when they lead a scene (a king's crown). */
    props: z
      .array(z.strictObject({ art: z.string(), at: z.enum(['hand', 'head']) }))
      .min(1)
      .optional(),
    /**
     * How it moves when the words have it move: a flier is drawn in the air. For a verb, what it does to the
     * one doing it: "soar" puts them in the air, "gallop" on the animal's back, "wield" a thing in their hand.
     */
    motion: z.enum(['flies', 'swims', 'rides', 'holds']).optional(),
    /** The drawing in the colour named right before it ("a red ball"), where the library draws that colour. */
    colours: z.record(z.string(), z.string()).optional(),
    /** Other English spellings a writer may type ("harbour", "theatre"); the tagger gives the lemma's. */
    also: z.array(z.string().regex(/^\p{Ll}[\p{Ll}'-]*(?: \p{Ll}[\p{Ll}'-]*){0,2}$/u)).optional(),
    /** The same meaning in the other script languages: words or phrases as written, lower-case. */
    words: z.partialRecord(z.enum(OTHER_LANGUAGES), z.array(z.string().min(1)).min(1)).optional(),
    /** Why the entry says what it says, where a reader would wonder. */
    why: z.string().optional(),
  })
  .refine((entry) => !(entry.art && entry.picture), { message: 'an entry with art is drawn', path: ['picture'] })
  .refine((entry) => !(entry.setting && entry.home), { message: 'a setting or a home, not both', path: ['home'] })

export type LexiconEntry = z.infer<typeof LexiconEntrySchema>
/** A record as written in the entry files, before the loader checks it. */
export type LexiconRecord = z.input<typeof LexiconEntrySchema>
