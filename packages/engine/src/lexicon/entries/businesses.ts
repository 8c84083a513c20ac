import type { LexiconRecord } from '../schema.ts'

/**
 * Kinds of business the writer's ads know, that the lexicon had no other entry for; drawn as the art library
 * finds their words. Businesses with a picture or a setting of their own carry the same field where they are.
 */
export const BUSINESSES: LexiconRecord[] = [
  {
    lemma: 'tea shop',
    kind: 'place',
    business: { worker: 'tea seller', work: 'pours a pot of tea', offer: 'tea', venue: true, seated: true },
  },
  {
    lemma: 'ice cream shop',
    kind: 'place',
    business: { worker: 'server', work: 'scoops ice cream into a cone', offer: 'ice cream', venue: true, seated: true },
  },
  {
    lemma: 'gelateria',
    kind: 'place',
    business: { worker: 'server', work: 'scoops ice cream into a cone', offer: 'ice cream', venue: true, seated: true },
  },
  {
    lemma: 'brewery',
    kind: 'place',
    business: { worker: 'brewer', work: 'fills a glass of beer', offer: 'beer', venue: true, seated: true },
  },
  {
    lemma: 'winery',
    kind: 'place',
    business: { worker: 'winemaker', work: 'pours a glass of wine', offer: 'wine', venue: true, seated: true },
  },
  {
    lemma: 'food truck',
    kind: 'place',
    business: { worker: 'cook', work: 'hands food through the window', offer: 'street food', venue: true },
  },
  {
    lemma: 'bike shop',
    kind: 'place',
    business: { worker: 'mechanic', work: 'repairs a bicycle', offer: 'bicycles', venue: true },
  },
  {
    lemma: 'bike repair shop',
    kind: 'place',
    business: { worker: 'mechanic', work: 'repairs a bicycle', offer: 'bike repairs', venue: true },
  },
  {
    lemma: 'bookshop',
    kind: 'place',
    business: { worker: 'bookseller', work: 'arranges books on a shelf', offer: 'books', venue: true },
  },
  {
    lemma: 'bookstore',
    kind: 'place',
    business: { worker: 'bookseller', work: 'arranges books on a shelf', offer: 'books', venue: true },
  },
  {
    lemma: 'yoga studio',
    kind: 'place',
    business: { worker: 'yoga teacher', work: 'leads a class on yoga mats', offer: 'yoga classes', venue: true },
  },
  {
    lemma: 'hair salon',
    kind: 'place',
    business: { worker: 'hairdresser', work: "cuts a customer's hair", offer: 'haircuts', venue: true },
  },
  {
    lemma: 'grooming salon',
    kind: 'place',
    business: { worker: 'groomer', work: 'brushes a dog after its bath', offer: 'a grooming appointment', venue: true },
  },
  {
    lemma: 'grooming shop',
    kind: 'place',
    business: { worker: 'groomer', work: 'brushes a dog after its bath', offer: 'a grooming appointment', venue: true },
  },
  {
    lemma: 'barbershop',
    kind: 'place',
    business: { worker: 'barber', work: "trims a customer's beard", offer: 'haircuts', venue: true },
  },
  {
    lemma: 'barber shop',
    kind: 'place',
    business: { worker: 'barber', work: "trims a customer's beard", offer: 'haircuts', venue: true },
  },
  {
    lemma: 'guest house',
    kind: 'place',
    business: { worker: 'host', work: 'welcomes a guest at the door', offer: 'a room', venue: true },
  },
  {
    lemma: 'pet shop',
    kind: 'place',
    business: { worker: 'shopkeeper', work: 'hands a puppy to a child', offer: 'pet supplies', venue: true },
  },
  {
    lemma: 'toy shop',
    kind: 'place',
    business: { worker: 'shopkeeper', work: 'shows a toy to a child', offer: 'toys', venue: true },
  },
  {
    lemma: 'shoe shop',
    kind: 'place',
    business: { worker: 'shopkeeper', work: 'helps a customer try on shoes', offer: 'shoes', venue: true },
  },
  {
    lemma: 'clothing store',
    kind: 'place',
    business: { worker: 'shopkeeper', work: 'folds shirts on a table', offer: 'clothes', venue: true },
  },
  {
    lemma: 'cheese shop',
    kind: 'place',
    business: { worker: 'cheesemonger', work: 'cuts a wheel of cheese', offer: 'cheese', venue: true },
  },
  {
    lemma: 'butcher',
    kind: 'person',
    business: { worker: 'butcher', work: 'wraps meat in paper', offer: 'meat', venue: true },
  },
  {
    lemma: 'farm shop',
    kind: 'place',
    business: { worker: 'farmer', work: 'stacks crates of vegetables', offer: 'fresh vegetables', venue: true },
  },
  {
    lemma: 'market stall',
    kind: 'place',
    business: { worker: 'stallholder', work: 'sets out fruit on the stall', offer: 'fresh produce', venue: true },
  },
  {
    lemma: 'photography studio',
    kind: 'place',
    business: { worker: 'photographer', work: 'takes a portrait', offer: 'portraits', venue: true },
  },
  {
    lemma: 'dance studio',
    kind: 'place',
    business: { worker: 'dance teacher', work: 'leads a class', offer: 'dance classes', venue: true },
  },
  {
    lemma: 'music school',
    kind: 'place',
    business: { worker: 'music teacher', work: 'plays the piano with a pupil', offer: 'lessons', venue: true },
  },
  {
    lemma: 'dental clinic',
    kind: 'place',
    business: { worker: 'dentist', work: 'greets a patient', offer: 'check-ups', venue: true },
  },
  {
    lemma: 'vet clinic',
    kind: 'place',
    business: { worker: 'vet', work: 'examines a dog on the table', offer: 'pet care', venue: true },
  },
  {
    lemma: 'laundry',
    kind: 'place',
    business: { worker: 'attendant', work: 'folds clean towels', offer: 'clean laundry', venue: true },
  },
  {
    lemma: 'cleaning service',
    kind: 'activity',
    business: { worker: 'cleaner', work: 'wipes a kitchen counter', offer: 'a clean home', venue: false },
  },
  {
    lemma: 'dog walker',
    kind: 'person',
    business: { worker: 'dog walker', work: 'walks three dogs in a park', offer: 'dog walks', venue: false },
  },
  {
    lemma: 'food delivery',
    kind: 'activity',
    business: { worker: 'courier', work: 'hands a bag of food at a door', offer: 'deliveries', venue: false },
  },
  {
    lemma: 'plumbing company',
    kind: 'activity',
    business: { worker: 'plumber', work: 'fixes a dripping tap', offer: 'a visit', venue: false },
  },
  {
    lemma: 'plumbing service',
    kind: 'activity',
    business: { worker: 'plumber', work: 'fixes a dripping tap', offer: 'a visit', venue: false },
  },
  {
    lemma: 'gardening service',
    kind: 'activity',
    business: { worker: 'gardener', work: 'trims a hedge', offer: 'a tidy garden', venue: false },
  },
  {
    lemma: 'moving company',
    kind: 'activity',
    business: { worker: 'mover', work: 'carries boxes to a van', offer: 'a moving day quote', venue: false },
  },
  { lemma: 'agency', kind: 'abstract', businessHead: { as: 'venue', generic: true } },
  { lemma: 'parlor', kind: 'abstract', also: ['parlour'], businessHead: { as: 'venue' } },
  { lemma: 'spa', kind: 'abstract', businessHead: { as: 'venue' } },
  { lemma: 'service', kind: 'abstract', businessHead: { as: 'service', generic: true } },
  {
    lemma: 'services',
    kind: 'abstract',
    businessHead: { generic: true },
    why: 'A phrase ending "services" names its work before it.',
  },
  { lemma: 'place', kind: 'abstract', businessHead: { generic: true } },
]
