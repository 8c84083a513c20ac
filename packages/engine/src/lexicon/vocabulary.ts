/**
 * The picture vocabulary the lexicon speaks: where a scene takes place (each setting has its own backdrop
 * painter), its hour, its weather, its mood and what drifts through its air.
 */

export const SETTINGS = [
  'city',
  'street',
  'beach',
  'ocean',
  'forest',
  'mountains',
  'desert',
  'space',
  'night-sky',
  'kitchen',
  'cafe',
  'office',
  'classroom',
  'stage',
  'park',
  'snow',
  'underwater',
  'farm',
  'lab',
  'gym',
  'home',
  'abstract',
] as const
export type Setting = (typeof SETTINGS)[number]

export const TIMES_OF_DAY = ['dawn', 'day', 'sunset', 'night'] as const
export type TimeOfDay = (typeof TIMES_OF_DAY)[number]

export const WEATHERS = ['clear', 'cloudy', 'rain', 'snow', 'fog', 'storm'] as const
export type Weather = (typeof WEATHERS)[number]

export const MOODS = [
  'joyful',
  'calm',
  'dramatic',
  'mysterious',
  'romantic',
  'energetic',
  'melancholy',
  'epic',
  'neutral',
] as const
export type Mood = (typeof MOODS)[number]

export const PARTICLE_KINDS = [
  'none',
  'dust',
  'snow',
  'rain',
  'sparks',
  'petals',
  'bubbles',
  'stars',
  'bokeh',
  'leaves',
  'fireflies',
  'confetti',
] as const
export type ParticleKind = (typeof PARTICLE_KINDS)[number]

/**
 * The kinds of destination the writer's travel videos know (what a morning, a meal and a view there look
 * like), best first when a phrase names two ("a fishing village on the coast" is a village).
 */
export const TRIP_KINDS = [
  'village',
  'town',
  'city',
  'coast',
  'island',
  'mountains',
  'lake',
  'countryside',
  'desert',
  'forest',
] as const
export type TripKind = (typeof TRIP_KINDS)[number]

/**
 * The kinds of event the writer's event videos know (what the crowd, a moment and a detail there look like),
 * first first when a phrase names two ("a food festival" is food, not music).
 */
export const EVENT_KINDS = [
  'food',
  'music',
  'market',
  'talk',
  'celebration',
  'fair',
  'exhibition',
  'sport',
  'opening',
] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** The languages other than English whose words the lexicon lists (English is the entries' lemmas). */
export const OTHER_LANGUAGES = ['es', 'fr', 'de', 'it', 'pt', 'nl', 'hi'] as const
export type OtherLanguage = (typeof OTHER_LANGUAGES)[number]

const INDOOR: ReadonlySet<Setting> = new Set(['kitchen', 'cafe', 'office', 'classroom', 'stage', 'lab', 'gym', 'home'])

/** Settings under a roof: no sky to hang a sun in, and no trees. */
export function isIndoor(setting: Setting): boolean {
  return INDOOR.has(setting)
}
