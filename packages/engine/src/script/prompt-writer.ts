import { writeAd } from './intents/ad.ts'
import { writeEvent } from './intents/event.ts'
import { writeExplainer } from './intents/explainer.ts'
import { writeFacts } from './intents/facts.ts'
import { writeSteps } from './intents/how-to.ts'
import { writeRecipe } from './intents/recipe.ts'
import { writeStory } from './intents/story.ts'
import { writeTips } from './intents/tips.ts'
import { writeTravel } from './intents/travel.ts'
import type { Plan } from './plan.ts'
import { readPrompt } from './prompt-reader.ts'

/**
 * Writes a video's narration from what a prompt names (see prompt-reader.ts), in the order its kind of
 * video calls for: a hook, the beats, a close. Each kind has its module in intents/, and every sentence it
 * may say is a template in templates/registry.ts. Ads, stories, travel, tips and events are written in
 * general terms that hold for any instance of their subject, with what the prompt names (products, hours,
 * an offer, an audience) said as written; explainers, how-tos, recipes and facts need knowledge an offline
 * writer does not have, so their middle is a set of visible prompts for the user's own words, each with the
 * time it has. Nothing here invents a name, a number, a date or a fact.
 */

/** The plan of a video for a prompt: what each part says and shows, before it is sized to a length. */
export function planPrompt(prompt: string): Plan {
  const brief = readPrompt(prompt)
  switch (brief.intent) {
    case 'ad':
      return writeAd(brief)
    case 'story':
      return writeStory(brief)
    case 'travel':
      return writeTravel(brief)
    case 'event':
      return writeEvent(brief)
    case 'tips':
      return writeTips(brief)
    case 'explainer':
      return writeExplainer(brief)
    case 'how-to':
      return writeSteps(brief, false)
    case 'recipe':
      return writeRecipe(brief)
    case 'facts':
      return writeFacts(brief)
  }
}
