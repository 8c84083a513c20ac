/**
 * Testimonials for /testimonials and the home page. Written by our team to show typical uses until consented
 * customer quotes replace them (docs/decisions/004-testimonials-content.md): every place that shows them says
 * so (illustrative-note.tsx), and they get no Review or AggregateRating markup. They may describe only what the
 * product really does.
 */

export type TestimonialFeature = 'Text-to-video' | 'Anime styles' | 'AI voiceover' | 'Music library'

export type Rating = 1 | 2 | 3 | 4 | 5

export type Testimonial = {
  name: string
  role: string
  rating: Rating
  feature: TestimonialFeature
  quote: string
  /** Set in a larger type to break up the grid. */
  isFeatured?: boolean
}

export const MAX_RATING = 5

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Maya Okafor',
    role: 'YouTube creator, travel channel',
    rating: 5,
    feature: 'Text-to-video',
    quote:
      'I paste the script for an episode and get back a storyboard I can actually work with. Swapping one scene instead of rebuilding the whole timeline cut my Sunday edit from five hours to about ninety minutes.',
  },
  {
    name: 'Daniel Brooks',
    isFeatured: true,
    role: 'Owner, neighborhood bakery',
    rating: 5,
    feature: 'Music library',
    quote:
      'Every Friday I type what is coming out of the oven and get a twenty-second vertical clip with a warm acoustic track under the voiceover. Our Saturday sourdough now sells out before ten, and I have never opened an editing app.',
  },
  {
    name: 'Sofia Marquez',
    role: 'Social media manager, boutique hotel',
    rating: 4,
    feature: 'Text-to-video',
    quote:
      'Going from 9:16 for Reels to 16:9 for our website header is one setting and a new render, and the captions come straight from the script. I would love more caption fonts, but it saves me a full working day every month.',
  },
  {
    name: 'Marcus Hill',
    role: 'Personal trainer, online coaching',
    rating: 5,
    feature: 'AI voiceover',
    quote:
      'My clients get a one-minute form tip every morning. I write the cue, keep the same calm coaching voice every time, and it sounds consistent even on days I am hoarse. Renewals went up after I started the daily series.',
  },
  {
    name: 'Aisha Bello',
    role: "Children's book author",
    rating: 5,
    feature: 'Anime styles',
    quote:
      'I turned the first chapter of my picture book into a soft, anime-style trailer with gentle narration. Teachers passed it around in their class newsletters, and preorders doubled in two weeks.',
  },
  {
    name: 'Priya Raman',
    isFeatured: true,
    role: 'Growth marketer, SaaS startup',
    rating: 5,
    feature: 'AI voiceover',
    quote:
      'We launched in three markets in the same week. One script, translated three ways, read by a voice in each language, all finished in an afternoon. Our paid-social cost per demo request dropped by about a third that month.',
  },
  {
    name: 'Tom Keller',
    role: 'Real estate agent',
    rating: 4,
    feature: 'Music library',
    quote:
      'Listing videos with a mellow track under my narration, ready before the open house. Music sorted by mood means no more twenty minutes of scrolling. Three renders a day was not enough in spring, which is why I went Premium.',
  },
  {
    name: 'Lena Fischer',
    role: 'Content marketer, skincare brand',
    rating: 5,
    feature: 'Text-to-video',
    quote:
      'We test five hooks per product now instead of one. Each variant is a new prompt, not a new shoot, and our best-performing ad this quarter is a version I made on my phone on the train home.',
  },
  {
    name: 'Hannah Lee',
    role: 'YouTube creator, history education',
    rating: 5,
    feature: 'AI voiceover',
    quote:
      'My channel covers ancient history for students. I paste each lesson, and the captions match the narration word for word, which teachers love in classrooms with the sound off. I went from one video a month to one a week.',
  },
  {
    name: 'Jamal Carter',
    role: 'Host, true-crime podcast',
    rating: 5,
    feature: 'Music library',
    quote:
      'I cut every episode into three vertical teasers. The tense, low-string tracks sit under my narration without drowning it, and those teasers now bring in more new listeners than our paid ads ever did.',
  },
  {
    name: 'Kenji Watanabe',
    isFeatured: true,
    role: 'Anime storyteller on TikTok',
    rating: 5,
    feature: 'Anime styles',
    quote:
      'I write short supernatural stories, and turning them into art used to mean commissions I could not afford. Now I post three episodes a week, and the series finally keeps the same look from one part to the next.',
  },
  {
    name: 'Rafael Costa',
    role: 'Founder, specialty coffee roastery',
    rating: 4,
    feature: 'Text-to-video',
    quote:
      'Each new single-origin coffee gets a thirty-second origin story: I paste our tasting notes, keep the scenes I like and regenerate the rest. It is not a film crew, but for our size it is the best marketing spend we have.',
  },
  {
    name: 'Chloe Martin',
    role: 'Owner, wedding planning studio',
    rating: 5,
    feature: 'Music library',
    quote:
      'Every couple gets a one-minute recap of their planning journey with a romantic score and a warm narrator. It is the thing people mention in their reviews, and three bookings this spring came straight from those videos.',
  },
  {
    name: 'Owen Patel',
    role: 'Affiliate marketer, tech reviews',
    rating: 4,
    feature: 'AI voiceover',
    quote:
      'Faceless review Shorts used to mean hunting for stock clips. Now the scenes follow the script line by line and the captions pop word by word, and average view duration on my Shorts is up roughly forty percent.',
  },
]

/** The three set large on /testimonials, shown on the home page. */
export function getHomeTestimonials(): Testimonial[] {
  return TESTIMONIALS.filter((testimonial) => testimonial.isFeatured)
}

/** "Maya Okafor" becomes "MO". */
export function getInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('')
}
