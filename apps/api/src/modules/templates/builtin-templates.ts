import {
  ALL_OF_THE_BRAND_KIT,
  DEFAULT_PROJECT_SETTINGS,
  ownWordsPrompt,
  type ProjectSettings,
} from '@storyreel/contracts/studio'
import type { TemplateScene } from '@storyreel/contracts/templates'

/**
 * The eight built-in templates, for what our users make most. Each is a structure, not a script: its scenes'
 * lengths, what each shows (drawn until the user gives it a photo or clip), and in each narration a placeholder
 * saying what belongs there, which the studio marks and the render refuses until it is replaced, as it does the
 * offline writer's prompts. The words a placeholder asks for fit its scene at the voice's usual pace.
 */
export type BuiltinTemplate = {
  id: `builtin-${string}`
  name: string
  description: string
  settings: ProjectSettings
  scenes: TemplateScene[]
  /** The scene whose still stands for the template. */
  stillScene: number
}

/** About two and a half words a second, less the breath at each scene's start. */
const wordsFor = (seconds: number) => Math.max(4, Math.round((seconds - 0.6) * 2.4))

const scene = (duration: number, what: string, visual: string): TemplateScene => ({
  narration: ownWordsPrompt(wordsFor(duration), what),
  visual,
  duration,
})

const settings = (overrides: Partial<ProjectSettings>): ProjectSettings => ({
  ...DEFAULT_PROJECT_SETTINGS,
  language: 'en',
  brand: ALL_OF_THE_BRAND_KIT,
  ...overrides,
})

export const BUILTIN_TEMPLATES: BuiltinTemplate[] = [
  {
    id: 'builtin-product-ad-15',
    name: '15 s product ad',
    description: 'One product, one reason to want it, one thing to do. Made for Reels, Shorts and TikTok.',
    settings: settings({
      style: 'realistic',
      aspect_ratio: '9:16',
      target_seconds: 15,
      voice_id: 'en-us-jenna',
      music_id: 'sunlit-rooftop',
      captions: { enabled: true, style: 'bold' },
    }),
    scenes: [
      scene(3, 'the problem your product solves, as a question', 'A tired person at a kitchen table in the morning'),
      scene(4, 'your product’s name and what it does', 'A gift box on a bright table, close up'),
      scene(4, 'the one thing that makes it better than the rest', 'A smiling woman holding a gift box'),
      scene(4, 'what to do now, and where', 'A shop front with an open sign'),
    ],
    stillScene: 1,
  },
  {
    id: 'builtin-shop-promo-30',
    name: '30 s shop promo',
    description: 'Your shop, what you sell, who you are and when to come by.',
    settings: settings({
      style: 'cinematic',
      aspect_ratio: '9:16',
      target_seconds: 30,
      voice_id: 'en-gb-olivia',
      music_id: 'porch-light-hymn',
      captions: { enabled: true, style: 'karaoke' },
    }),
    scenes: [
      scene(5, 'your shop’s name and where it is', 'A small shop front on a sunny street'),
      scene(5, 'what people come to you for', 'Shelves full of goods in a cosy shop'),
      scene(5, 'who you are and how you started', 'A shopkeeper smiling behind the counter'),
      scene(5, 'what makes a visit special', 'A customer holding a paper bag and smiling'),
      scene(5, 'this month’s offer or news', 'A gift box with a ribbon on the counter'),
      scene(5, 'your opening hours and how to find you', 'A shop front in the evening with warm lights'),
    ],
    stillScene: 0,
  },
  {
    id: 'builtin-real-estate-listing',
    name: 'Real-estate listing',
    description: 'A home room by room: the street, the living room, the kitchen, the garden, and how to view it.',
    settings: settings({
      style: 'realistic',
      aspect_ratio: '16:9',
      target_seconds: 40,
      voice_id: 'en-us-marcus',
      music_id: 'morning-tide-pools',
      captions: { enabled: true, style: 'boxed' },
    }),
    scenes: [
      scene(6, 'the address, the price and the kind of home', 'A house with a garden on a quiet street'),
      scene(7, 'the living room: its light and its size', 'A bright living room with a sofa and big windows'),
      scene(7, 'the kitchen and what it comes with', 'A modern kitchen with a wooden table'),
      scene(7, 'the bedrooms and bathrooms', 'A calm bedroom with a large bed'),
      scene(7, 'the garden or the view', 'A green garden behind a house in the sun'),
      scene(6, 'how to book a viewing', 'The front door of a house with a welcome mat'),
    ],
    stillScene: 1,
  },
  {
    id: 'builtin-recipe',
    name: 'Recipe',
    description: 'A dish in five steps, from the ingredients to the first bite.',
    settings: settings({
      style: 'watercolor',
      aspect_ratio: '9:16',
      target_seconds: 40,
      voice_id: 'en-us-aria',
      music_id: 'pocketful-of-marbles',
      captions: { enabled: true, style: 'karaoke' },
    }),
    scenes: [
      scene(6, 'the dish’s name and why you love it', 'A plate of pasta on a wooden table'),
      scene(7, 'the ingredients you need', 'Tomatoes, garlic and basil on a kitchen counter'),
      scene(7, 'the first step', 'Hands chopping vegetables on a board'),
      scene(7, 'the second step', 'A pan on the stove with steam rising'),
      scene(7, 'the last step and how to serve it', 'A cook tasting sauce with a wooden spoon'),
      scene(6, 'a tip, or what to try next time', 'A family sharing dinner at the table'),
    ],
    stillScene: 0,
  },
  {
    id: 'builtin-event-announcement',
    name: 'Event announcement',
    description: 'What, when, where and how to get in, square for every feed.',
    settings: settings({
      style: '3d-cartoon',
      aspect_ratio: '1:1',
      target_seconds: 20,
      voice_id: 'en-us-theo',
      music_id: 'neon-pulse-parade',
      captions: { enabled: true, style: 'bold' },
    }),
    scenes: [
      scene(5, 'the event’s name and what it is', 'A crowd at a festival with colourful lights'),
      scene(5, 'the date and the time', 'A calendar on a desk with a circled date'),
      scene(5, 'the place, and what there will be', 'A stage with lights in a big hall'),
      scene(5, 'how to get tickets or sign up', 'People dancing at a party at night'),
    ],
    stillScene: 0,
  },
  {
    id: 'builtin-story-9-16',
    name: '9:16 story',
    description: 'A short story in five beats for Stories: a place, a person, a turn, and an ending.',
    settings: settings({
      style: 'anime',
      aspect_ratio: '9:16',
      target_seconds: 30,
      voice_id: 'en-gb-olivia',
      music_id: 'cherry-blossom-platform',
      captions: { enabled: true, style: 'classic' },
    }),
    scenes: [
      scene(6, 'where and when the story begins', 'A quiet town by the sea at dawn'),
      scene(6, 'who it is about and what they want', 'A girl looking out of a window'),
      scene(6, 'what gets in the way', 'Dark clouds and rain over the town'),
      scene(6, 'the turning point', 'The girl running along the beach'),
      scene(6, 'how it ends', 'The sun setting over the sea'),
    ],
    stillScene: 1,
  },
  {
    id: 'builtin-explainer-60',
    name: '60 s explainer',
    description: 'An idea in a minute: the question, the answer in three parts, and what to take away.',
    settings: settings({
      style: 'comic',
      aspect_ratio: '16:9',
      target_seconds: 60,
      voice_id: 'en-us-marcus',
      music_id: 'bright-idea-studio',
      captions: { enabled: true, style: 'classic' },
    }),
    scenes: [
      scene(8, 'the question this video answers', 'A curious boy looking at a question mark'),
      scene(9, 'why it matters to the viewer', 'A teacher standing by a chalkboard'),
      scene(11, 'the first part of the answer', 'A lamp glowing on a desk at night'),
      scene(11, 'the second part of the answer', 'Colleagues talking around a table'),
      scene(11, 'the third part of the answer', 'A scientist looking through a microscope'),
      scene(10, 'the one thing to remember', 'A student smiling with a book'),
    ],
    stillScene: 4,
  },
  {
    id: 'builtin-customer-quote',
    name: 'Customer quote',
    description: 'A happy customer’s words, who they are, and an invitation to try it yourself.',
    settings: settings({
      style: 'cinematic',
      aspect_ratio: '1:1',
      target_seconds: 20,
      voice_id: 'en-us-flite-slt',
      music_id: 'summit-morning',
      captions: { enabled: true, style: 'boxed' },
    }),
    scenes: [
      scene(5, 'who the customer is and what they needed', 'A woman working on a laptop in a cafe'),
      scene(5, 'what they said about you, in their words', 'A smiling woman holding a cup of coffee'),
      scene(5, 'the difference it made for them', 'Two friends laughing at a table'),
      scene(5, 'an invitation to try it yourself', 'A shop front with an open sign'),
    ],
    stillScene: 1,
  },
]
