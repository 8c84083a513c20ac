import type { WriterIntent } from './prompt-brief.ts'
import { namesAny } from './writer-lexicon.ts'

/**
 * The words of a prompt that frame the request rather than say what the video is about ("make me a short
 * video about…", "a 30 second promo for"), and the words that name the kind of video it asks for.
 */

/** Words about the video rather than its subject: "a short, fun video about", "a 30 s promo for". */
const REQUEST =
  /^(?:(?:please|pls)\s+)?(?:(?:can|could|would) you\s+)?(?:(?:make|create|write|generate|produce|draft|do|give|build|film|shoot)(?: me| us)?|i (?:want|need|would like)|we (?:want|need))\s+/i
const LENGTH =
  /\b(?:an?\s+)?(?:\d+(?:[.,]\d+)?|one|two|three|half(?: a)?)[\s-]*(?:s|sec|secs|second|seconds|min|mins|minute|minutes)\b(?:[\s-]+long)?/gi
const FORMAT_ADJECTIVES =
  'product|brand|marketing|launch|demo|short|quick|fun|funny|simple|vertical|cinematic|little|brief|punchy|emotional|catchy|motivational|inspirational|inspiring|promotional|educational|viral|cozy|cosy|heartwarming|animated|beautiful|engaging|informative|tiktok|instagram|youtube|social media|horror|scary|spooky|creepy|ghost|haunted|thriller|mystery|eerie|bedtime|fairy|sci-fi|science fiction|fantasy|adventure|love|romantic|comedy|detective'
const FORMAT_NOUNS =
  'video|clip|reel|short|tiktok|post|film|animation|montage|vlog|ad|advert|advertisement|commercial|promo|spot|teaser|trailer|story|tale|fable|legend|bedtime story|explainer|tutorial|guide|walkthrough|recipe|travel guide|travel video|announcement|invitation'
const FORMAT = new RegExp(
  `^(?:an?\\s+|the\\s+)?(?:(?:${FORMAT_ADJECTIVES})[,\\s]+(?:and\\s+)?)*(?:(?:${FORMAT_NOUNS})s?\\b[,:]?\\s*)+(?:(?:about|for|of|on|showing|featuring|introducing|explaining|announcing|promoting|advertising|celebrating|that shows|that explains|to promote|to announce|to explain|to show)\\s+)?`,
  'i',
)
const LEAD_VERBS =
  /^(?:introducing|presenting|announcing|launching|promoting|advertising|promote|advertise|announce|introduce|present|launch|explain|describe|show|celebrate|celebrating|showcase|showcasing|tell|telling|invite|inviting)\s+(?:(?:me|us|you|people|everyone|viewers|the neighbourhood|the neighborhood)\s+)?(?:about\s+|to\s+(?:join\s+|come\s+to\s+)?)?/i

/**
 * The words that name each kind of video, matched as whole words (a plural included) by `namesAny`, first
 * kind first; the one cue that is a pattern rather than words ("how … works") is below.
 */
const INTENT_WORDS: [WriterIntent, string[]][] = [
  ['recipe', ['recipe', 'ingredient', 'how to make', 'how to cook', 'how to bake', 'how to brew', 'how to prepare']],
  [
    'how-to',
    [
      'how to',
      'how do i',
      'how can i',
      'tutorial',
      'walkthrough',
      'step by step',
      'step-by-step',
      'learn to',
      'guide to',
      'diy',
    ],
  ],
  [
    'explainer',
    [
      'explain',
      'explainer',
      'explains',
      'explained',
      'explaining',
      'why',
      'what is',
      'what are',
      'what makes',
      'what causes',
      'what happens',
      'the science of',
      'the science behind',
    ],
  ],
  [
    'facts',
    [
      'fact',
      'did you know',
      'trivia',
      'history of',
      'myth',
      "things you didn't know",
      "things you don't know",
      'things nobody knows',
      'things no one knows',
    ],
  ],
  [
    'tips',
    [
      'tip',
      'ways to',
      'habit',
      'hack',
      'mistakes to avoid',
      'advice',
      'lessons',
      'rules for',
      'rules of',
      'secrets of',
      'secrets to',
      'motivation',
      'motivational',
      'motivate',
      'inspirational video',
      'inspiring video',
      'mindset',
      'discipline',
    ],
  ],
  [
    'travel',
    [
      'travel',
      'trip',
      'visit',
      'visiting',
      'tour',
      'vacation',
      'holiday',
      'getaway',
      'itinerary',
      'explore',
      'exploring',
      'destination',
      'road trip',
      'day in',
      'days in',
      'night in',
      'nights in',
      'weekend in',
      'week in',
      'days on',
      'weekend on',
      'days at',
      'weekend at',
    ],
  ],
  [
    'event',
    [
      'event',
      'festival',
      'concert',
      'conference',
      'wedding',
      'party',
      'grand opening',
      'opening night',
      'fair',
      'exhibition',
      'meetup',
      'meet-up',
      'gig',
      'fundraiser',
      'workshop',
      'market day',
      'race',
      'tournament',
      'launch party',
      'celebration',
      'gala',
      'charity run',
      'fun run',
      'invite',
      'invitation',
      'open day',
      'open house',
    ],
  ],
  ['story', ['story', 'stories', 'tale', 'fable', 'once upon', 'legend', 'adventure of', 'adventures of', 'bedtime']],
  [
    'ad',
    [
      'trailer',
      'teaser',
      'ad',
      'advert',
      'advertisement',
      'commercial',
      'promo',
      'promotion',
      'promote',
      'campaign',
      'marketing',
      'introducing',
      'launch',
      'launching',
      'product',
      'brand',
      'sale',
      'for our',
      'for my',
    ],
  ],
]

/** "How a heat pump works", "how does the heart work": an explainer, whatever sits between the words. */
const HOW_IT_WORKS = /\bhow (?:(?:do|does|did|can|is|are)\s+)?[\w\s-]+? works?\b/i

/** The kind of video a prompt asks for, from the words that say so; undefined when none does. */
export function detectIntentWords(prompt: string): WriterIntent | undefined {
  for (const [intent, words] of INTENT_WORDS)
    if (namesAny(prompt, words) || (intent === 'explainer' && HOW_IT_WORKS.test(prompt))) return intent
  return undefined
}

export function getCount(text: string): number | undefined {
  const match =
    /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?(?:tips?|ways|habits|hacks|facts|things|reasons|mistakes|ideas|secrets|rules|lessons|steps|myths)\b/i.exec(
      text,
    )
  if (!match?.[1]) return undefined
  const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
  const value = /\d/.test(match[1]) ? Number(match[1]) : words.indexOf(match[1].toLowerCase()) + 1
  return value > 0 ? value : undefined
}

/** The words of a prompt about its subject, without the request around them. */
export function stripRequest(prompt: string): string {
  let text = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
  text = text.replace(LENGTH, ' ').replace(/\s+/g, ' ').trim()
  for (let pass = 0; pass < 3; pass++) {
    const before = text
    text = text.replace(REQUEST, '').replace(LEAD_VERBS, '').replace(FORMAT, '').trim()
    if (text === before) break
  }
  return text
}
