import type { LexiconRecord } from '../schema.ts'

/**
 * Products the writer's ads know what one does with (`product`), that the lexicon had no other entry for;
 * drawn as the art library finds their words. Products with a picture of their own carry the same field where
 * they are (bike, car, cup, coffee, sofa…).
 */
export const PRODUCTS: LexiconRecord[] = [
  { lemma: 'bicycle', kind: 'vehicle', product: { use: 'ride' } },
  { lemma: 'e-bike', kind: 'vehicle', product: { use: 'ride' } },
  { lemma: 'scooter', kind: 'vehicle', product: { use: 'ride' } },
  { lemma: 'skateboard', kind: 'thing', product: { use: 'ride' } },
  { lemma: 'van', kind: 'vehicle', product: { use: 'drive' } },
  { lemma: 'sneaker', kind: 'thing', art: ['running-shoe'], product: { use: 'wear' } },
  {
    lemma: 'trainer',
    kind: 'thing',
    sense: 'artifact',
    art: ['running-shoe'],
    product: { use: 'wear' },
    why: 'Trainers are shoes (an artifact): a coach, a trainer of people in WordNet, is no running shoe.',
  },
  { lemma: 'boot', kind: 'thing', product: { use: 'wear' } },
  { lemma: 'jacket', kind: 'thing', art: ['coat'], product: { use: 'wear' } },
  { lemma: 'coat', kind: 'thing', product: { use: 'wear' } },
  { lemma: 'dress', kind: 'thing', product: { use: 'wear' } },
  { lemma: 'watch', kind: 'thing', product: { use: 'wear' } },
  {
    lemma: 'glasses',
    kind: 'thing',
    sense: 'artifact',
    product: { use: 'wear' },
    why: 'Glasses one wears, a word of its own: a glass is something to drink from.',
  },
  { lemma: 'sunglasses', kind: 'thing', product: { use: 'wear' } },
  { lemma: 'headphones', kind: 'thing', product: { use: 'listen to music on' } },
  { lemma: 'earbuds', kind: 'thing', product: { use: 'listen to music on' } },
  {
    lemma: 'speaker',
    kind: 'thing',
    sense: 'artifact',
    product: { use: 'play music on' },
    why: 'A speaker sold is a loudspeaker; the one who speaks at a conference is drawn as a person by the event.',
  },
  { lemma: 'bottle', kind: 'thing', product: { use: 'drink from' } },
  { lemma: 'mug', kind: 'thing', product: { use: 'drink from', home: true } },
  { lemma: 'backpack', kind: 'thing', product: { use: 'carry' } },
  { lemma: 'bag', kind: 'thing', product: { use: 'carry' } },
  { lemma: 'laptop', kind: 'thing', product: { use: 'work on' } },
  { lemma: 'camera', kind: 'thing', product: { use: 'take photos with' } },
  { lemma: 'chair', kind: 'thing', product: { use: 'sit on', home: true } },
  { lemma: 'lamp', kind: 'thing', product: { use: 'read by', home: true } },
  { lemma: 'tent', kind: 'thing', product: { use: 'camp in' } },
  { lemma: 'chocolate', kind: 'food', product: { use: 'enjoy' } },
  { lemma: 'candle', kind: 'thing', product: { use: 'light', home: true } },
  { lemma: 'soap', kind: 'thing', product: { use: 'wash with', home: true } },
  { lemma: 'cream', kind: 'thing', product: { use: 'put on', home: true } },
  { lemma: 'game', kind: 'thing', product: { use: 'play' }, event: 'sport' },
  { lemma: 'toy', kind: 'thing', product: { use: 'play with' } },
  { lemma: 'pillow', kind: 'thing', product: { use: 'use', home: true } },
  { lemma: 'blanket', kind: 'thing', product: { use: 'use', home: true } },
  { lemma: 'towel', kind: 'thing', product: { use: 'use', home: true } },
]
