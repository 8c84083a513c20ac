import type { WriterIntent } from '../prompt-brief.ts'

import { AD_SLOTS, PRODUCT_AD, SERVICE_AD, VENUE_AD } from './ad.ts'
import { EVENT, EVENT_SLOTS } from './event.ts'
import { EXPLAINER, EXPLAINER_SLOTS } from './explainer.ts'
import { FACTS, FACTS_SLOTS } from './facts.ts'
import { HOW_TO, HOW_TO_SLOTS, RECIPE, RECIPE_SLOTS } from './how-to.ts'
import { STORY, STORY_SLOTS } from './story.ts'
import { TIPS, TIPS_SLOTS } from './tips.ts'
import { TRAVEL, TRAVEL_SLOTS } from './travel.ts'

/**
 * Every sentence the offline writer says, keyed by the kind of video: the one place to read or change what
 * it writes. Each kind's module (../intents/) fills these templates from the prompt's brief.
 */
export const WRITER_TEMPLATES = {
  ad: { venue: VENUE_AD, service: SERVICE_AD, product: PRODUCT_AD },
  story: STORY,
  explainer: EXPLAINER,
  'how-to': HOW_TO,
  travel: TRAVEL,
  recipe: RECIPE,
  tips: TIPS,
  event: EVENT,
  facts: FACTS,
} as const satisfies Record<WriterIntent, unknown>

/** The slots each kind's templates may name, and that its module may fill. */
export const WRITER_TEMPLATE_SLOTS: Record<WriterIntent, readonly string[]> = {
  ad: AD_SLOTS,
  story: STORY_SLOTS,
  explainer: EXPLAINER_SLOTS,
  'how-to': HOW_TO_SLOTS,
  travel: TRAVEL_SLOTS,
  recipe: RECIPE_SLOTS,
  tips: TIPS_SLOTS,
  event: EVENT_SLOTS,
  facts: FACTS_SLOTS,
}
