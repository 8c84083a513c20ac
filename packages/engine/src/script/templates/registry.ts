import type { WriterIntent } from '../prompt-brief.ts'

import { PRODUCT_AD, SERVICE_AD, VENUE_AD } from './ad.ts'
import { EVENT } from './event.ts'
import { EXPLAINER } from './explainer.ts'
import { FACTS } from './facts.ts'
import { HOW_TO, RECIPE } from './how-to.ts'
import { STORY } from './story.ts'
import { TIPS } from './tips.ts'
import { TRAVEL } from './travel.ts'

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
