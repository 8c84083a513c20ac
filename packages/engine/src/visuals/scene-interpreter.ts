import type { VideoStyle } from '@storyreel/contracts/studio'

import { hashText } from './random.ts'

/** Where a scene takes place; each has its own backdrop painter. */
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

export const SUBJECTS = [
  'person',
  'people',
  'child',
  'dog',
  'cat',
  'bird',
  'fish',
  'horse',
  'cow',
  'car',
  'bus',
  'bicycle',
  'rocket',
  'plane',
  'boat',
  'building',
  'house',
  'tree',
  'flower',
  'sun',
  'moon',
  'planet',
  'coffee',
  'bread',
  'cake',
  'pizza',
  'fruit',
  'phone',
  'laptop',
  'book',
  'guitar',
  'microphone',
  'dumbbell',
  'flask',
  'lightbulb',
  'heart',
  'money',
  'clock',
  'globe',
  'trophy',
  'camera',
] as const
export type Subject = (typeof SUBJECTS)[number]

export type TimeOfDay = 'dawn' | 'day' | 'sunset' | 'night'
export type Weather = 'clear' | 'cloudy' | 'rain' | 'snow' | 'fog' | 'storm'
export type Mood =
  'joyful' | 'calm' | 'dramatic' | 'mysterious' | 'romantic' | 'energetic' | 'melancholy' | 'epic' | 'neutral'
export type CameraMove = 'push-in' | 'pull-out' | 'pan-left' | 'pan-right' | 'tilt-up' | 'tilt-down' | 'drift'
export type ParticleKind =
  | 'none'
  | 'dust'
  | 'snow'
  | 'rain'
  | 'sparks'
  | 'petals'
  | 'bubbles'
  | 'stars'
  | 'bokeh'
  | 'leaves'
  | 'fireflies'
  | 'confetti'
export type LightKind = 'sun-rays' | 'glow' | 'neon' | 'spotlight' | 'moonlight' | 'soft'

export type Composition = {
  /** Horizon as a fraction of the frame height from the top. */
  horizon: number
  /** Where the hero subject stands, as a fraction of the frame width. */
  heroX: number
  /** Hero height as a fraction of the frame's short side. */
  heroScale: number
  /** Low angle: a low horizon and a taller hero. */
  lowAngle: boolean
}

/** Everything the painters need, derived from the words alone (plus seed and index for variation). */
export type SceneSpec = {
  setting: Setting
  subjects: Subject[]
  timeOfDay: TimeOfDay
  weather: Weather
  mood: Mood
  camera: CameraMove
  light: LightKind
  particles: ParticleKind
  composition: Composition
  title: string
  /** The words that did not match a lexicon but still steer the abstract fallback's hue and shapes. */
  keywords: string[]
  /** A number that mixes words and seed; painters derive all their randomness from it. */
  variation: number
  /** Water across the land, where the words name it ("down to the river"). */
  water?: 'river'
}

type Lexicon<K extends string> = [K, string[]][]

// Order matters where words overlap: the more specific place wins ("coffee shop" before "shop" streets).
const SETTING_WORDS: Lexicon<Setting> = [
  ['underwater', ['underwater', 'under the sea', 'coral', 'reef', 'seabed', 'scuba', 'diver', 'diving', 'submarine']],
  [
    'space',
    ['space', 'outer space', 'galaxy', 'galaxies', 'orbit', 'astronaut', 'cosmos', 'universe', 'nebula', 'spaceship'],
  ],
  ['cafe', ['cafe', 'café', 'coffee shop', 'coffeehouse', 'barista', 'espresso bar', 'restaurant', 'diner', 'bistro']],
  ['kitchen', ['kitchen', 'bakery', 'baker', 'bakes', 'baking', 'cook', 'cooking', 'chef', 'oven', 'recipe', 'stove']],
  [
    'office',
    ['office', 'desk', 'meeting', 'startup', 'coworker', 'workplace', 'business', 'company', 'boss', 'spreadsheet'],
  ],
  [
    'classroom',
    ['classroom', 'school', 'teacher', 'student', 'lesson', 'lecture', 'university', 'class', 'blackboard', 'study'],
  ],
  ['stage', ['stage', 'concert', 'band', 'singer', 'festival', 'performance', 'spotlight', 'audience', 'theater']],
  ['lab', ['lab', 'laboratory', 'scientist', 'science', 'experiment', 'research', 'chemistry', 'microscope']],
  ['gym', ['gym', 'workout', 'fitness', 'exercise', 'training', 'lifting', 'athlete', 'muscle', 'yoga']],
  ['farm', ['farm', 'farmer', 'barn', 'field', 'harvest', 'crops', 'tractor', 'countryside', 'meadow', 'village']],
  ['snow', ['snow', 'snowy', 'winter', 'ice', 'frozen', 'ski', 'skiing', 'arctic', 'glacier', 'blizzard']],
  ['beach', ['beach', 'shore', 'sand', 'coast', 'seaside', 'tropical', 'island', 'palm', 'surf', 'surfing']],
  ['ocean', ['ocean', 'sea', 'sail', 'sailing', 'waves', 'harbor', 'harbour', 'lake', 'river', 'ship']],
  ['desert', ['desert', 'dune', 'dunes', 'sahara', 'cactus', 'canyon', 'arid', 'oasis']],
  ['mountains', ['mountain', 'mountains', 'peak', 'summit', 'hike', 'hiking', 'climb', 'alps', 'valley', 'cliff']],
  ['forest', ['forest', 'woods', 'jungle', 'trees', 'woodland', 'rainforest', 'camping', 'campfire', 'wilderness']],
  ['park', ['park', 'garden', 'picnic', 'playground', 'backyard', 'lawn', 'spring', 'bloom', 'blossom']],
  ['street', ['street', 'road', 'sidewalk', 'shop', 'market', 'neighborhood', 'neighbourhood', 'traffic', 'alley']],
  [
    'city',
    ['city', 'cities', 'downtown', 'skyline', 'skyscraper', 'urban', 'metropolis', 'new york', 'tokyo', 'london'],
  ],
  ['home', ['home', 'house', 'living room', 'bedroom', 'family', 'sofa', 'couch', 'apartment', 'room', 'bed']],
  ['night-sky', ['stars', 'starry', 'night sky', 'milky way', 'constellation', 'moon', 'moonlight', 'dream']],
]

const SUBJECT_WORDS: Lexicon<Subject> = [
  ['people', ['people', 'crowd', 'friends', 'team', 'family', 'couple', 'audience', 'group', 'everyone', 'students']],
  ['child', ['child', 'children', 'kid', 'kids', 'boy', 'girl', 'baby', 'toddler']],
  [
    'person',
    [
      'person',
      'man',
      'woman',
      'she',
      'he',
      'hero',
      'founder',
      'baker',
      'chef',
      'teacher',
      'student',
      'runner',
      'astronaut',
      'singer',
      'scientist',
      'farmer',
      'worker',
      'traveler',
      'hiker',
      'climber',
      'dancer',
      'artist',
      'writer',
      'nurse',
      'doctor',
      'traveller',
      'explorer',
      'athlete',
      'entrepreneur',
      'customer',
      'barista',
      'diver',
      'someone',
    ],
  ],
  ['dog', ['dog', 'puppy', 'pup', 'hound', 'retriever', 'labrador']],
  ['cat', ['cat', 'kitten', 'kitty']],
  ['bird', ['bird', 'birds', 'eagle', 'seagull', 'gull', 'owl', 'parrot', 'sparrow', 'pigeon', 'flock']],
  ['fish', ['fish', 'goldfish', 'jellyfish', 'octopus', 'whale', 'dolphin', 'shark', 'turtle', 'coral']],
  ['horse', ['horse', 'pony', 'stallion', 'rider']],
  ['cow', ['cow', 'cattle', 'sheep', 'goat', 'pig', 'livestock']],
  ['car', ['car', 'drive', 'driving', 'taxi', 'truck', 'vehicle', 'road trip']],
  ['bus', ['bus', 'tram', 'train', 'subway', 'commute']],
  ['bicycle', ['bicycle', 'bike', 'cycling', 'cyclist']],
  ['rocket', ['rocket', 'launch', 'spaceship', 'liftoff', 'blast off']],
  ['plane', ['plane', 'airplane', 'flight', 'flying', 'airport', 'jet', 'travel']],
  ['boat', ['boat', 'ship', 'sail', 'sailing', 'yacht', 'ferry', 'canoe', 'kayak']],
  ['building', ['building', 'tower', 'skyscraper', 'city', 'downtown', 'skyline', 'headquarters']],
  ['house', ['house', 'home', 'cabin', 'cottage', 'barn', 'hut']],
  ['tree', ['tree', 'trees', 'forest', 'oak', 'pine', 'palm', 'woods']],
  ['flower', ['flower', 'flowers', 'rose', 'roses', 'tulip', 'bloom', 'blossom', 'garden', 'bouquet', 'petal']],
  ['sun', ['sun', 'sunny', 'sunrise', 'sunset', 'sunshine', 'dawn']],
  ['moon', ['moon', 'moonlight', 'lunar', 'midnight']],
  ['planet', ['planet', 'planets', 'saturn', 'mars', 'jupiter', 'galaxy', 'orbit']],
  ['coffee', ['coffee', 'espresso', 'latte', 'cappuccino', 'tea', 'mug', 'cup']],
  ['bread', ['bread', 'loaf', 'loaves', 'baguette', 'croissant', 'bakery', 'baker', 'dough', 'pastry']],
  ['cake', ['cake', 'cupcake', 'dessert', 'birthday', 'cookie', 'cookies', 'sweets']],
  ['pizza', ['pizza', 'burger', 'sandwich', 'meal', 'dinner', 'lunch', 'food']],
  ['fruit', ['fruit', 'apple', 'apples', 'orange', 'banana', 'berries', 'vegetables', 'salad', 'healthy']],
  ['phone', ['phone', 'smartphone', 'app', 'apps', 'mobile', 'text', 'message', 'notification', 'social media']],
  ['laptop', ['laptop', 'computer', 'code', 'coding', 'software', 'website', 'online', 'internet', 'digital', 'ai']],
  ['book', ['book', 'books', 'read', 'reading', 'library', 'story', 'novel', 'learn', 'learning', 'study']],
  ['guitar', ['guitar', 'music', 'song', 'band', 'musician', 'melody']],
  ['microphone', ['microphone', 'mic', 'sing', 'singing', 'singer', 'podcast', 'speech', 'speaker', 'voice']],
  ['dumbbell', ['dumbbell', 'weights', 'workout', 'gym', 'lifting', 'fitness', 'strength']],
  ['flask', ['flask', 'chemistry', 'experiment', 'lab', 'laboratory', 'potion', 'science', 'scientist']],
  ['lightbulb', ['idea', 'ideas', 'lightbulb', 'invent', 'invention', 'innovation', 'creative', 'creativity', 'think']],
  ['heart', ['heart', 'love', 'romance', 'romantic', 'kindness', 'care', 'valentine']],
  ['money', ['money', 'cash', 'coin', 'coins', 'dollar', 'profit', 'budget', 'savings', 'invest', 'price', 'sale']],
  ['clock', ['clock', 'hour', 'minutes', 'deadline', 'late', 'schedule', 'alarm']],
  ['globe', ['globe', 'world', 'earth', 'global', 'planet earth', 'countries', 'international']],
  ['trophy', ['trophy', 'win', 'winner', 'victory', 'champion', 'award', 'prize', 'success', 'goal']],
  ['camera', ['camera', 'photo', 'photograph', 'photography', 'film', 'video', 'selfie']],
]

const TIME_WORDS: Lexicon<TimeOfDay> = [
  ['night', ['night', 'midnight', 'tonight', 'moon', 'moonlight', 'stars', 'starry', 'dark', 'late', 'neon']],
  ['sunset', ['sunset', 'dusk', 'evening', 'golden hour', 'twilight', 'sundown']],
  ['dawn', ['dawn', 'sunrise', 'morning', 'early', 'daybreak', 'breakfast']],
  ['day', ['day', 'noon', 'afternoon', 'sunny', 'daylight', 'bright']],
]

const WEATHER_WORDS: Lexicon<Weather> = [
  ['storm', ['storm', 'stormy', 'thunder', 'thunderstorm', 'lightning', 'hurricane', 'tempest', 'gale']],
  ['rain', ['rain', 'rainy', 'raining', 'drizzle', 'umbrella', 'downpour', 'wet']],
  ['snow', ['snow', 'snowy', 'snowing', 'snowflake', 'blizzard', 'winter']],
  ['fog', ['fog', 'foggy', 'mist', 'misty', 'haze', 'hazy']],
  ['cloudy', ['cloud', 'clouds', 'cloudy', 'overcast', 'grey sky', 'gray sky']],
]

const MOOD_WORDS: Lexicon<Mood> = [
  ['epic', ['epic', 'legend', 'legendary', 'hero', 'heroic', 'adventure', 'quest', 'journey', 'conquer', 'rise']],
  [
    'dramatic',
    ['dramatic', 'danger', 'fight', 'battle', 'storm', 'stormy', 'fear', 'fire', 'crisis', 'war', 'struggle'],
  ],
  ['mysterious', ['mystery', 'mysterious', 'secret', 'unknown', 'hidden', 'strange', 'magic', 'ancient', 'ghost']],
  ['romantic', ['love', 'romantic', 'romance', 'kiss', 'date', 'wedding', 'heart', 'together', 'valentine']],
  [
    'energetic',
    ['energy', 'fast', 'speed', 'run', 'running', 'race', 'dance', 'party', 'excited', 'action', 'jump', 'launch'],
  ],
  [
    'joyful',
    ['happy', 'joy', 'fun', 'smile', 'laugh', 'celebrate', 'celebration', 'delicious', 'sweet', 'bright', 'best'],
  ],
  ['melancholy', ['sad', 'lonely', 'alone', 'lost', 'goodbye', 'remember', 'memory', 'rain', 'tears', 'miss']],
  ['calm', ['calm', 'peace', 'peaceful', 'quiet', 'relax', 'gentle', 'slow', 'soft', 'breathe', 'still', 'cozy']],
]

const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for with from into onto over under as is are was were be been ' +
    'being am do does did has have had it its this that these those there here their them they we our us you your ' +
    'he she his her him i me my mine not no yes very just also too than more most some any each every all what ' +
    'which who whom whose when where why how can could will would shall should may might must up down out about ' +
    'after before again once while until because through during above below off own same such only both few other ' +
    'let lets get got gets make makes made one two like now new day way thing things really among between across ' +
    'toward towards around near against along beside behind inside outside without within onto upon'
  ).split(' '),
)

function compile<K extends string>(lexicon: Lexicon<K>): [K, RegExp][] {
  return lexicon.map(([key, words]) => {
    const alternatives = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
    return [key, new RegExp(`(?:^|[^\\p{L}])(?:${alternatives})(?:s|es)?(?=$|[^\\p{L}])`, 'giu')]
  })
}

const SETTING_RULES = compile(SETTING_WORDS)
const SUBJECT_RULES = compile(SUBJECT_WORDS)
const TIME_RULES = compile(TIME_WORDS)
const WEATHER_RULES = compile(WEATHER_WORDS)
const MOOD_RULES = compile(MOOD_WORDS)

/** Each key with its score: matches in the visual description count double, narration matches once. */
function score<K extends string>(rules: [K, RegExp][], visual: string, narration: string): Map<K, number> {
  const scores = new Map<K, number>()
  rules.forEach(([key, pattern], order) => {
    const hits = (visual.match(pattern)?.length ?? 0) * 2 + (narration.match(pattern)?.length ?? 0)
    // A tiny tie-break toward earlier (more specific) lexicon entries.
    if (hits > 0) scores.set(key, hits + (rules.length - order) * 0.001)
  })
  return scores
}

function best<K extends string>(scores: Map<K, number>): K | undefined {
  let winner: K | undefined
  let top = 0
  for (const [key, value] of scores) {
    if (value > top) {
      winner = key
      top = value
    }
  }
  return winner
}

function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []
}

/**
 * A short title from the narration: the best run of 2 to 5 words inside one clause that neither starts nor ends
 * on a filler word, preferring runs with more meaningful words.
 */
export function composeTitle(narration: string, visual: string): string {
  const source = narration.trim() || visual.trim()
  const clauses = source.split(/[.,;:!?\n—–-]+/u).map((clause) => clause.match(/[\p{L}\p{N}'’]+/gu) ?? [])
  let bestRun: string[] = []
  let bestScore = -Infinity
  clauses.forEach((words, clauseIndex) => {
    for (let start = 0; start < words.length; start++) {
      for (let length = 2; length <= 5 && start + length <= words.length; length++) {
        const run = words.slice(start, start + length)
        const first = run[0]?.toLowerCase() ?? ''
        const last = run[run.length - 1]?.toLowerCase() ?? ''
        if (STOP_WORDS.has(first) || STOP_WORDS.has(last)) continue
        const content = run.filter((word) => !STOP_WORDS.has(word.toLowerCase()) && word.length > 2).length
        // A run that stops mid-phrase ("on a sunny") reads badly; prefer one followed by a filler word or the end.
        const next = words[start + length]?.toLowerCase()
        const complete = next === undefined || STOP_WORDS.has(next) ? 1.2 : 0
        const value = content * 2 - length * 0.6 - clauseIndex * 0.8 - start * 0.05 + complete
        if (value > bestScore) {
          bestScore = value
          bestRun = run
        }
      }
    }
  })
  if (bestRun.length === 0) {
    bestRun = tokenize(source)
      .filter((word) => !STOP_WORDS.has(word))
      .slice(0, 3)
  }
  if (bestRun.length === 0) return ''
  return bestRun
    .map((word, index) =>
      index > 0 && STOP_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ')
}

const SETTING_DEFAULT_SUBJECTS: Partial<Record<Setting, Subject[]>> = {
  city: ['building'],
  street: ['building', 'person'],
  beach: ['sun', 'tree'],
  ocean: ['boat'],
  forest: ['tree'],
  mountains: ['sun'],
  desert: ['sun'],
  space: ['planet', 'rocket'],
  'night-sky': ['moon'],
  kitchen: ['bread', 'person'],
  cafe: ['coffee', 'person'],
  office: ['laptop', 'person'],
  classroom: ['book', 'person'],
  stage: ['microphone', 'person'],
  park: ['tree', 'flower'],
  snow: ['tree'],
  underwater: ['fish'],
  farm: ['house', 'cow'],
  lab: ['flask', 'person'],
  gym: ['dumbbell', 'person'],
  home: ['person', 'lightbulb'],
}

/** Settings a subject implies when no place is named ("a rocket" is in space, "a latte" in a cafe). */
const SUBJECT_HOME: Partial<Record<Subject, Setting>> = {
  rocket: 'space',
  planet: 'space',
  fish: 'underwater',
  boat: 'ocean',
  coffee: 'cafe',
  bread: 'kitchen',
  cake: 'kitchen',
  pizza: 'kitchen',
  laptop: 'office',
  phone: 'street',
  book: 'classroom',
  guitar: 'stage',
  microphone: 'stage',
  dumbbell: 'gym',
  flask: 'lab',
  cow: 'farm',
  horse: 'farm',
  building: 'city',
  car: 'street',
  bus: 'street',
  bicycle: 'park',
  flower: 'park',
  tree: 'forest',
  moon: 'night-sky',
  plane: 'mountains',
  globe: 'space',
}

const INDOOR: ReadonlySet<Setting> = new Set(['kitchen', 'cafe', 'office', 'classroom', 'stage', 'lab', 'gym', 'home'])

export function isIndoor(setting: Setting): boolean {
  return INDOOR.has(setting)
}

const CAMERA_BY_MOOD: Record<Mood, CameraMove[]> = {
  joyful: ['push-in', 'pan-right', 'drift', 'tilt-up'],
  calm: ['drift', 'pan-left', 'pull-out', 'pan-right'],
  dramatic: ['push-in', 'tilt-up', 'pan-left', 'push-in'],
  mysterious: ['push-in', 'drift', 'pan-right', 'tilt-down'],
  romantic: ['pull-out', 'drift', 'push-in', 'pan-left'],
  energetic: ['pan-right', 'push-in', 'pan-left', 'tilt-up'],
  melancholy: ['pull-out', 'tilt-down', 'drift', 'pan-left'],
  epic: ['tilt-up', 'pull-out', 'push-in', 'pan-right'],
  neutral: ['push-in', 'pan-left', 'pull-out', 'pan-right', 'drift', 'tilt-up'],
}

function chooseParticles(setting: Setting, weather: Weather, time: TimeOfDay, mood: Mood, words: string): ParticleKind {
  if (weather === 'rain' || weather === 'storm') return 'rain'
  if (weather === 'snow' || setting === 'snow') return 'snow'
  if (setting === 'underwater') return 'bubbles'
  if (setting === 'space' || setting === 'night-sky') return 'stars'
  if (/celebrat|party|birthday|confetti|win|victory|congrat/u.test(words)) return 'confetti'
  if (/fire|spark|forge|firework|campfire|magic|energy/u.test(words)) return 'sparks'
  if (/autumn|fall leaves|leaves/u.test(words)) return 'leaves'
  if (setting === 'stage') return 'sparks'
  if (mood === 'romantic' || /petal|blossom|spring|rose|cherry/u.test(words)) return 'petals'
  if ((setting === 'forest' || setting === 'park' || setting === 'farm') && time === 'night') return 'fireflies'
  if (setting === 'forest' || setting === 'park') return 'leaves'
  if (setting === 'city' || setting === 'street' || setting === 'cafe') return time === 'night' ? 'bokeh' : 'dust'
  if (INDOOR.has(setting) || setting === 'desert') return 'dust'
  if (mood === 'mysterious' || mood === 'calm') return 'bokeh'
  return 'dust'
}

function chooseLight(setting: Setting, time: TimeOfDay, weather: Weather, mood: Mood): LightKind {
  if (setting === 'stage') return 'spotlight'
  if (setting === 'underwater') return 'sun-rays'
  if (time === 'night' && (setting === 'city' || setting === 'street' || setting === 'cafe')) return 'neon'
  if (time === 'night' || setting === 'space' || setting === 'night-sky') return 'moonlight'
  if (weather === 'rain' || weather === 'storm' || weather === 'fog') return 'soft'
  if (INDOOR.has(setting)) return mood === 'mysterious' ? 'glow' : 'sun-rays'
  if (time === 'dawn' || time === 'sunset' || setting === 'forest') return 'sun-rays'
  return mood === 'calm' || mood === 'romantic' ? 'glow' : 'sun-rays'
}

/** Reads a scene's words into what to draw. Pure: the same request always yields the same spec. */
const WEATHERLESS = new Set<Setting>(['space', 'underwater'])

/** Settings where no weather falls: space and under the sea. */
export const isWeatherless = (setting: Setting) => WEATHERLESS.has(setting)

export function interpretScene(request: {
  visual: string
  narration: string
  style: VideoStyle
  seed: number
  index: number
  count: number
  /** The setting read elsewhere (the scene planner's): light, hour, weather and particles then follow it. */
  setting?: Setting
}): SceneSpec {
  const visual = ` ${request.visual.toLowerCase()} `
  const narration = ` ${request.narration.toLowerCase()} `
  const variation = hashText(`${request.visual}\u0000${request.narration}`, request.seed) ^ (request.index * 0x9e3779b1)
  const pickBy = <T>(items: readonly T[], salt: number): T =>
    items[(((variation >>> (salt % 24)) ^ (variation * (salt + 1))) >>> 0) % items.length] as T

  const subjectScores = score(SUBJECT_RULES, visual, narration)
  const settingScores = score(SETTING_RULES, visual, narration)
  let setting = request.setting ?? best(settingScores)
  const subjects = [...subjectScores.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([subject]) => subject)
    // People are drawn as one group, so "person" next to "people" is redundant.
    .filter((subject, _index, all) => !(subject === 'person' && all.includes('people')))
    .slice(0, 3)

  if (!setting) {
    const implied = subjects.map((subject) => SUBJECT_HOME[subject]).find((home) => home !== undefined)
    setting = implied ?? 'abstract'
  }
  // Indoors there is no sky to hang a sun or a moon in; the window shows the hour instead.
  if (isIndoor(setting)) {
    for (const skyThing of ['sun', 'moon', 'planet'] as const) {
      const at = subjects.indexOf(skyThing)
      if (at >= 0) subjects.splice(at, 1)
    }
  }
  if (subjects.length === 0) subjects.push(...(SETTING_DEFAULT_SUBJECTS[setting] ?? []))

  let timeOfDay = best(score(TIME_RULES, visual, narration))
  if (!timeOfDay) {
    if (setting === 'space' || setting === 'night-sky') timeOfDay = 'night'
    else timeOfDay = pickBy(['day', 'day', 'sunset', 'dawn', 'day', 'sunset'] as const, 3)
  }
  if (setting === 'space') timeOfDay = 'night'
  // No rain or snow falls in space or under the sea: "rings of ice" is no weather.
  const weather = isWeatherless(setting)
    ? 'clear'
    : (best(score(WEATHER_RULES, visual, narration)) ?? (setting === 'snow' ? 'snow' : 'clear'))
  const mood = best(score(MOOD_RULES, visual, narration)) ?? 'neutral'

  const moves = CAMERA_BY_MOOD[mood]
  // Neighbouring scenes never share a move: the index steps through the mood's list, the seed offsets it.
  const camera = moves[(request.index + (variation % moves.length)) % moves.length] ?? 'push-in'

  const lowAngle = mood === 'epic' || mood === 'dramatic' || ((variation >>> 5) & 3) === 0
  const thirds = [1 / 3, 2 / 3, 0.5] as const
  const heroX = subjects.length > 1 ? pickBy(thirds.slice(0, 2), 7) : pickBy(thirds, 9)
  const horizon = lowAngle ? 0.66 + ((variation >>> 11) % 8) / 100 : 0.54 + ((variation >>> 13) % 12) / 100

  const all = `${visual} ${narration}`
  const keywords = tokenize(all).filter((word) => word.length > 3 && !STOP_WORDS.has(word))

  return {
    setting,
    subjects,
    timeOfDay,
    weather,
    mood,
    camera,
    light: chooseLight(setting, timeOfDay, weather, mood),
    particles: chooseParticles(setting, weather, timeOfDay, mood, all),
    composition: { horizon, heroX, heroScale: lowAngle ? 0.62 : 0.5, lowAngle },
    title: composeTitle(request.narration, request.visual),
    keywords,
    variation: variation >>> 0,
  }
}
