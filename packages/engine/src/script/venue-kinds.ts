/**
 * Businesses where customers sit down to eat, drink or stay a while, by the words that name them or the
 * person who works there: only their shots show tables and customers seated inside. A flower shop, a bike
 * shop or a salon is walked into and left; showing "customers at small tables" there would invent a café.
 */
export const SEATED_VENUES: ReadonlySet<string> = new Set([
  ...'cafe café coffeehouse tearoom restaurant bistro diner pizzeria trattoria brasserie canteen bar pub'.split(' '),
  ...'tavern brewery winery taproom gelateria creperie hotel inn barista bartender chef brewer winemaker'.split(' '),
  ...['server', 'waiter', 'coffee shop', 'tea shop', 'tea room', 'wine bar', 'ice cream shop', 'food hall'],
  'pizza maker',
])
