import type { LexiconRecord } from '../schema.ts'

/**
 * Kinds of event the writer's event videos know (`event`: what is seen there), that the lexicon had no other
 * entry for; drawn as the art library finds their words. Events with a picture or a mood of their own carry
 * the same field where they are (festival, concert, market, party, wedding, race…).
 */
export const EVENTS: LexiconRecord[] = [
  { lemma: 'food festival', kind: 'activity', event: 'food' },
  { lemma: 'music festival', kind: 'activity', event: 'music' },
  { lemma: 'gig', kind: 'activity', event: 'music' },
  { lemma: 'farmers market', kind: 'place', event: 'market' },
  { lemma: 'food market', kind: 'place', event: 'market' },
  { lemma: 'conference', kind: 'activity', event: 'talk' },
  { lemma: 'talk', kind: 'activity', event: 'talk' },
  { lemma: 'meetup', kind: 'activity', event: 'talk', also: ['meet-up'] },
  { lemma: 'gala', kind: 'activity', event: 'celebration' },
  { lemma: 'fair', kind: 'activity', event: 'fair' },
  { lemma: 'expo', kind: 'activity', event: 'fair' },
  { lemma: 'trade show', kind: 'activity', event: 'fair' },
  { lemma: 'book fair', kind: 'activity', event: 'fair' },
  { lemma: 'craft fair', kind: 'activity', event: 'fair' },
  { lemma: 'job fair', kind: 'activity', event: 'fair' },
  { lemma: 'exhibition', kind: 'activity', event: 'exhibition' },
  { lemma: 'show', kind: 'activity', event: 'exhibition' },
  { lemma: 'marathon', kind: 'activity', event: 'sport' },
  { lemma: 'run', kind: 'activity', event: 'sport' },
  { lemma: 'tournament', kind: 'activity', event: 'sport' },
  {
    lemma: 'match',
    kind: 'activity',
    event: 'sport',
    why: 'The match played, as an event names it; a match struck is drawn as the art library finds the word.',
  },
  { lemma: 'opening', kind: 'activity', event: 'opening' },
]
