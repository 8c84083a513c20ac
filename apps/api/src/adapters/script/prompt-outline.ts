import { countSpokenWords } from './sentences.ts'

/**
 * Without an AI model, a prompt ("a 30 second ad for a family bakery in Lisbon") becomes an honest outline
 * built from the prompt's own words: a hook, one to five beats and a closing line from templates picked by
 * what the prompt asks for, sized to the requested length. The user edits it afterwards (issue #6); it
 * invents no facts, names, prices or dates.
 */

export const PROMPT_INTENTS = [
  'recipe',
  'how-to',
  'travel',
  'story',
  'motivational',
  'product',
  'event',
  'facts',
  'ad',
  'general',
] as const
export type PromptIntent = (typeof PROMPT_INTENTS)[number]

/** A beat is one to three sentences; the later ones are added only when the video is long enough. */
type Templates = { hooks: string[][]; beats: string[][]; closings: string[][] }

// Slots: {the} "the family bakery", {topic} "family bakery", {subject} as the prompt wrote it,
// {place} "Lisbon", {in_place} " in Lisbon" or nothing, {task} "make cold brew at home".
const TEMPLATES: Record<PromptIntent, Templates> = {
  ad: {
    hooks: [
      [
        'Looking for something special{in_place}? Meet {the}.',
        'It is the kind of place people tell their friends about.',
      ],
      ['There is a place{in_place} worth knowing about: {the}.', 'Once you find it, you keep coming back.'],
    ],
    beats: [
      [
        'Everything at {the} starts with care and good ingredients.',
        'Nothing is rushed, and you can taste the difference.',
        'It is the slow way, and it is the right way.',
      ],
      [
        'The people behind {the} know their regulars by name.',
        'A warm welcome is part of every visit.',
        'Come in once, and you will feel like a regular too.',
      ],
      [
        'Step inside {the} and see the work that happens every single day.',
        'Skilled hands, honest materials and real attention to detail.',
        'That is what people remember long after they leave.',
      ],
      [
        'Locals{in_place} keep coming back, and visitors soon understand why.',
        'Some come for a quick stop, others stay for the afternoon.',
        'Either way, nobody leaves disappointed.',
      ],
      [
        'Quality you can see, and a welcome you can feel.',
        'That is the simple promise of {the}.',
        'It has been kept one customer at a time.',
      ],
    ],
    closings: [
      ['{The} is waiting for you{in_place}.', 'Come by today and see for yourself.'],
      ['Visit {the}{in_place} today.', 'Your new favourite place is closer than you think.'],
    ],
  },
  story: {
    hooks: [
      ['This is the story of {subject}.', 'It starts quietly, the way the best stories do.'],
      ['Not every story begins with a bang.', 'This one begins with {subject}.'],
    ],
    beats: [
      [
        'For {the}, every day began the same way, with the same small routine.',
        'Nothing about the morning hinted at what was coming.',
        'The world outside looked calm and ordinary.',
      ],
      [
        'Then something changed, and {the} was faced with a choice.',
        'Stay safe and keep things as they were, or step into the unknown.',
        'The answer surprised everyone, even {the}.',
      ],
      [
        'The road ahead was hard, and more than once {the} almost turned back.',
        'Storms came, doubts grew louder, and the nights felt long.',
        'But something kept {the} moving forward.',
      ],
      [
        'Along the way came an unexpected friend.',
        'Together, the journey felt lighter and the goal felt closer.',
        'Sometimes the right company changes everything.',
      ],
      [
        'At last, the moment arrived that {the} had been waiting for.',
        'Everything learned along the way came together at once.',
        'It was not perfect, but it was enough.',
      ],
    ],
    closings: [
      ['In the end, {the} discovered what really mattered.', 'And that is where the next story begins.'],
      ['And so the story of {the} found its ending.', 'Or perhaps, just its beginning.'],
    ],
  },
  'how-to': {
    hooks: [
      ['Want to {task}?', 'Here is the simple way to do it, step by step.'],
      ['Here is how to {task}.', 'It is easier than you think.'],
    ],
    beats: [
      [
        'First, gather everything you need for {topic} and clear a space to work.',
        'Having it all within reach saves time later.',
        'A tidy start makes for a calm finish.',
      ],
      [
        'Start with the basics of {topic}, one step at a time.',
        'Do not skip ahead, even if the step looks obvious.',
        'The foundation is what the rest depends on.',
      ],
      [
        'Now take your time with the next step, because this is where most people rush.',
        'Slow, steady hands give the best result.',
        'If something feels off, pause and check before you go on.',
      ],
      [
        'Check your progress as you go and adjust when something does not look right.',
        'Small corrections now prevent big ones later.',
        'Trust your eyes as much as the instructions.',
      ],
      [
        'Finish with a final look at your {topic} before you call it done.',
        'A little polish makes a big difference.',
        'Then step back and enjoy what you made.',
      ],
    ],
    closings: [
      ['And that is how to {task}.', 'Save this video and give it a try yourself.'],
      ['Now you know how to {task}.', 'Share it with someone who will want to try it too.'],
    ],
  },
  recipe: {
    hooks: [
      ['Let us make {topic}, from start to finish.', 'It takes less effort than you might think.'],
      ['Craving {topic}?', 'Here is how to make it at home in a few simple steps.'],
    ],
    beats: [
      [
        'Start by gathering the ingredients for {topic} on a clean kitchen counter.',
        'Measure everything first, so nothing is forgotten halfway through.',
        'Good ingredients do most of the work for you.',
      ],
      [
        'Prepare each ingredient carefully: wash, chop and set everything out in small bowls.',
        'A sharp knife and a steady hand make this part quick.',
        'The kitchen starts to smell wonderful already.',
      ],
      [
        'Now bring it all together in a large bowl and mix gently.',
        'Stop as soon as everything is combined.',
        'Patience here pays off in the final result.',
      ],
      [
        'Give your {topic} the time it needs, and do not rush this step.',
        'Check on it now and then, and trust your nose.',
        'You will know when it is ready.',
      ],
      [
        'Taste as you go, and adjust to your liking.',
        'A pinch more of this, a little less of that.',
        'This is where the recipe becomes yours.',
      ],
    ],
    closings: [
      ['Serve your {topic} fresh, and watch it disappear.', 'Save this recipe for next time.'],
      ['And that is homemade {topic}.', 'Share it with the people you love.'],
    ],
  },
  travel: {
    hooks: [
      ['Welcome to {place}.', 'A place that rewards anyone who takes it slowly.'],
      [
        'If you only have a short time in {place}, here is how to spend it.',
        'Follow along and let the city show you around.',
      ],
    ],
    beats: [
      [
        'Start your morning in the old streets of {place}, before the crowds arrive.',
        'The light is soft and the air is still cool.',
        'It is the best time for photographs.',
      ],
      [
        'Find a small local cafe in {place} and watch the city wake up around you.',
        'Order what the regulars order.',
        'Sometimes the simplest breakfast is the most memorable.',
      ],
      [
        'By midday, head out to the landmarks that make {place} famous.',
        'Take the long way there, on foot if you can.',
        'The side streets hide some of the best views.',
      ],
      [
        'In the afternoon, wander the markets and parks of {place} without a plan.',
        'Let curiosity choose the next turn.',
        'This is where the trip becomes your own.',
      ],
      [
        'As the sun sets, climb to a viewpoint and watch the skyline of {place} turn gold.',
        'Then follow the music into the evening streets.',
        'Dinner tastes better after a day like this.',
      ],
    ],
    closings: [
      ['{Place} is waiting for you.', 'Pack your bag and go see it for yourself.'],
      ['That is {place} in a day.', 'Save this for your next trip.'],
    ],
  },
  motivational: {
    hooks: [
      ['Here is the truth about {topic} that nobody tells you.', 'It starts long before anyone is watching.'],
      ['If you are struggling with {topic}, listen closely.', 'This one is for you.'],
    ],
    beats: [
      [
        'Every journey starts with a single step, and that step is yours to take.',
        'It will not feel ready.',
        'Take it anyway.',
      ],
      [
        'Some mornings you will not feel like it.',
        'Show up anyway, even when the alarm rings in the dark.',
        'Discipline is remembering what you want most.',
      ],
      [
        'Progress is quiet, and it hides in small wins that nobody sees.',
        'One more page, one more mile, one more try.',
        'They add up faster than you think.',
      ],
      [
        'When the road gets steep, remember why you started.',
        'The climb is what makes the view worth it.',
        'Every step up is a step you earned.',
      ],
      [
        'The people you admire were once beginners, just like you.',
        'They doubted themselves too.',
        'The difference is that they kept going.',
      ],
    ],
    closings: [
      ['Your future self is counting on you.', 'Start today.'],
      ['So keep going, one day at a time.', 'You are closer than you think.'],
    ],
  },
  product: {
    hooks: [
      ['Meet {the}, made for the way you actually live.', 'Simple, thoughtful and ready when you are.'],
      ['What if your day could be a little easier?', 'Say hello to {the}.'],
    ],
    beats: [
      [
        '{The} is designed around one simple idea: make everyday moments better.',
        'No clutter, no confusion.',
        'Just what you need, where you need it.',
      ],
      [
        'Pick up {the} and you notice the details straight away.',
        'Clean lines, solid materials and a finish that feels right in your hand.',
        'It is made to be used, every day.',
      ],
      [
        '{The} fits into your routine, at home, at work and on the move.',
        'Set it up in minutes.',
        'Then forget about it and let it do its job.',
      ],
      [
        'Built to last, {the} is ready for whatever your day brings.',
        'Rain or shine, busy or slow.',
        'It keeps up with you.',
      ],
      [
        'Simple to start with, and better the more you use it.',
        'That is the kind of product people recommend to their friends.',
        'Soon you will wonder how you managed without it.',
      ],
    ],
    closings: [
      ['{The}.', 'Try it today and see the difference for yourself.'],
      ['Get {the} today.', 'Your everyday, upgraded.'],
    ],
  },
  event: {
    hooks: [
      ['Mark your calendar: {subject} is coming.', 'You will want to be there.'],
      ['Something special is happening{in_place}.', 'Introducing {the}.'],
    ],
    beats: [
      [
        'Picture the crowd gathering{in_place} as the lights come up and the music starts.',
        'The energy builds from the very first minute.',
        'Everyone can feel it.',
      ],
      [
        'There is something for everyone at {the}, from first-timers to regulars.',
        'Bring your friends, bring your family.',
        'The more, the merrier.',
      ],
      [
        'Come for the main stage, and stay for the moments in between.',
        'Good food, new faces and conversations that run late into the night.',
        'Those are the memories that last.',
      ],
      [
        'Behind the scenes, people have been preparing {the} for months.',
        'Every detail has been planned with care.',
        'All that is missing now is you.',
      ],
      ['Check the programme, plan your day and arrive early.', 'The best spots go fast.', 'Do not miss the opening.'],
    ],
    closings: [
      ['{The}{in_place}.', 'Be there, and bring someone with you.'],
      ['See you at {the}.', 'It is going to be one to remember.'],
    ],
  },
  facts: {
    hooks: [
      ['Think you know everything about {topic}?', 'Take a closer look.'],
      ['Here are a few things worth knowing about {topic}.', 'Some of them might surprise you.'],
    ],
    beats: [
      [
        'Start with the origins of {topic}.',
        'The origin story is rarely the one people expect.',
        'Every detail has a history behind it.',
      ],
      [
        'Look closely at {topic} and the details get stranger.',
        'Small things turn out to matter a great deal.',
        'Experts still argue about some of them.',
      ],
      [
        'Then there is the scale of {topic}, which is hard to picture.',
        'Numbers alone do not do it justice.',
        'It helps to compare it with something you know.',
      ],
      [
        'Over time, the way we see {topic} has changed, and it is still changing.',
        'What was true a generation ago may not be true today.',
        'That is what keeps it interesting.',
      ],
      [
        'The most surprising thing about {topic} is how close to everyday life it all is.',
        'Once you notice it, you see it everywhere.',
        'Look around you today.',
      ],
    ],
    closings: [
      ['That is {topic}, seen a little more closely.', 'Share this with someone who loves a good fact.'],
      ['Now you know a little more about {topic}.', 'Which part surprised you most?'],
    ],
  },
  general: {
    hooks: [
      ['Let us talk about {subject}.', 'There is more to it than meets the eye.'],
      ['Here is a closer look at {subject}.', 'Stay until the end.'],
    ],
    beats: [
      [
        'At first glance, there is nothing complicated about {topic}.',
        'But the closer you look, the more there is to see.',
        'Every detail tells part of the story.',
      ],
      [
        'Behind {the} are people who care about getting it right.',
        'Their work is careful, patient and often unseen.',
        'It shows in the result.',
      ],
      [
        'Here is what most people miss about {topic}.',
        'It is not the big moments, but the small ones.',
        'They are the ones that last.',
      ],
      [
        'Picture {the} in the best light, on a good day.',
        'That is the feeling worth holding on to.',
        'It is easy to see why people love it.',
      ],
      [
        'Today, everyone sees {topic} a little differently.',
        'For some it is a memory, for others a plan.',
        'What does it mean to you?',
      ],
    ],
    closings: [
      ['That is {the}, up close.', 'Share it with someone who would love it.'],
      ['Now you have seen {the} a little differently.', 'Follow for more.'],
    ],
  },
}

const INTENT_PATTERNS: [PromptIntent, RegExp][] = [
  [
    'recipe',
    /\b(?:recipes?|cook(?:ing)?|bak(?:e|ing)|ingredients?|dish|meal|dinner|breakfast|lunch|dessert|soup|cake|bread|pasta|pizza|salad|cookies?|curry|smoothie|brew)\b/i,
  ],
  [
    'how-to',
    /\b(?:how to|how do|how i|tutorial|guide to|step[- ]by[- ]step|tips? (?:for|on|to)|learn to|explain(?:er|s|ing)?)\b/i,
  ],
  [
    'travel',
    /\b(?:travel|trip|visit(?:ing)?|tour|vacation|holiday|getaway|itinerary|days? in|weekend in|explore|destination)\b/i,
  ],
  ['story', /\b(?:story|stories|tale|fable|once upon|legend|adventures? of|who (?:\w+s)\b)/i],
  [
    'motivational',
    /\b(?:motivat\w*|inspir\w*|mindset|discipline|never give up|self[- ]improvement|confidence|success|habits?)\b/i,
  ],
  ['facts', /\b(?:facts?|did you know|trivia|history of|things you didn'?t know|explained)\b/i],
  ['event', /\b(?:event|festival|concert|conference|wedding|party|opening|launch party|fair|exhibition|meetup|gig)\b/i],
  [
    'product',
    /\b(?:product|launch|introducing|app|gadget|device|new (?:\w+ )?(?:phone|shoes?|bottle|watch|headphones|bag))\b/i,
  ],
  ['ad', /\b(?:ad|advert|advertisement|commercial|promo|promotion|promote|campaign|marketing|for (?:a|an|our|my) )\b/i],
]

const LENGTH_PHRASE =
  /\b(?:an?\s+)?(?:\d+|one|two|three|half)[\s-]*(?:s|secs?|seconds?|mins?|minutes?)(?:[\s-]+long)?\b/gi
const LEADING_REQUEST =
  /^(?:please\s+)?(?:(?:make|create|write|generate|produce|give me|i want|i need|introducing|presenting|announcing|launching)\s+(?:me\s+|us\s+)?)?(?:an?\s+|the\s+)?/i
const FORMAT_WORDS =
  /^(?:(?:short|quick|fun|funny|simple|vertical|cinematic|little|brief|punchy|emotional|catchy|motivational|inspirational|inspiring|promotional|educational|viral)\s+)*(?:video|ad|advert|advertisement|commercial|promo|reel|clip|short|tiktok|story|explainer|tutorial|guide|teaser|trailer|montage|spot|recipe|piece|film|animation|post|vlog|travel guide|travel video)s?\b\s*(?:about|for|of|on|showing|featuring|introducing|explaining|that shows|to)?\s*/i

export type PromptSubject = {
  intent: PromptIntent
  /** As the prompt wrote it: "a family bakery in Lisbon". */
  subject: string
  /** The thing itself without article, place or clause: "family bakery". */
  topic: string
  /** With a definite article unless it is a name or a plural/mass noun: "the family bakery". */
  definite: string
  place: string | undefined
  /** For a how-to: "make cold brew coffee at home". */
  task: string
}

export function detectIntent(prompt: string): PromptIntent {
  for (const [intent, pattern] of INTENT_PATTERNS) {
    if (!pattern.test(prompt)) continue
    // "How to bake bread" is a recipe; "a how-to for a bakery app" is not a recipe just for the word "bakery".
    if (
      intent === 'recipe' &&
      !/\b(?:how to|recipes?|make|making|cook|cooking|bake|baking|ingredients?)\b/i.test(prompt)
    )
      continue
    return intent
  }
  return 'general'
}

export function readPrompt(prompt: string): PromptSubject {
  const intent = detectIntent(prompt)
  let subject = prompt
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(LENGTH_PHRASE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  subject = subject.replace(LEADING_REQUEST, '').replace(FORMAT_WORDS, '').trim()
  subject = subject.replace(/^(?:an?\s+)?(?:video|ad|story|guide)\s+(?:about|for|of|on)\s+/i, '')
  let task = ''
  const howTo = /^(?:on\s+)?how\s+(?:to|do you|i)\s+(.+)$/i.exec(subject)
  if (howTo?.[1]) {
    task = howTo[1]
    subject = howTo[1]
  }
  if (!subject) subject = prompt.trim()

  const placeMatch =
    /\b(?:in|at|across|around|through|to|of)\s+((?:the\s+)?\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*)/u.exec(subject)
  const place = placeMatch?.[1]?.replace(/^the\s+/, '')
  let topic = subject
    // "a 3 day trip to Lisbon" -> the place is the topic of a travel video
    .replace(/\b(?:who|that|which|where|whose|when)\b.*$/i, '')
    .replace(/\s+(?:in|at|across|around|through)\s+(?:the\s+)?\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*.*$/u, '')
    .replace(/\s+(?:at home|from scratch|for beginners|in \d+ (?:steps|minutes))$/i, '')
    .trim()
  if (howTo)
    topic = topic.replace(
      /^(?:make|cook|bake|brew|build|start|grow|plant|fix|clean|learn|write|draw|paint|prepare|choose|use)\s+/i,
      '',
    )
  topic = topic
    .replace(/^(?:an?|the|some|\d+|a few|several)\s+/i, '')
    .replace(/^(?:facts|things)\s+(?:about|on)\s+/i, '')
  topic = topic.replace(/^(?:an?|the)\s+/i, '').trim() || place || subject
  if (intent === 'travel' && place) topic = place
  const isName = /^\p{Lu}/u.test(topic) && !/^(?:an?|the)\s/i.test(subject)
  const isPluralOrMass = /[^s]s$/.test(topic) || /^(?:my|our|your|his|her|their)\s/i.test(topic)
  const definite = isName || isPluralOrMass ? topic : `the ${topic}`
  return { intent, subject, topic, definite, place, task: task || `make ${topic}` }
}

function fill(template: string, slots: PromptSubject): string {
  const place = slots.place ?? slots.topic
  const text = template
    .replace(/\{the\}/g, slots.definite)
    .replace(/\{The\}/g, capitalize(slots.definite))
    .replace(/\{topic\}/g, slots.topic)
    .replace(/\{Topic\}/g, capitalize(slots.topic))
    .replace(/\{subject\}/g, slots.subject)
    .replace(/\{place\}/g, place)
    .replace(/\{Place\}/g, capitalize(place))
    .replace(/\{in_place\}/g, slots.place ? ` in ${slots.place}` : '')
    .replace(/\{task\}/g, slots.task)
  return capitalize(text)
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The item at `index`, wrapping around; every template list is non-empty. */
function pick<T>(items: T[], index: number): T {
  const item = items[index % items.length]
  if (item === undefined) throw new Error('empty template list')
  return item
}

/** A stable small number from the prompt, so the same prompt gives the same outline and others vary. */
function hashText(text: string): number {
  let hash = 2166136261
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  return hash
}

/**
 * The outline as paragraphs, one per hook, beat and closing (each becomes a scene or two). `budgetWords`
 * is what the voice speaks in the requested time; `beatCount` beats (1-5; one only for a
 * video too short for more) are used, and follow-up sentences
 * are added while they bring the length closer to the budget.
 */
export function outlinePrompt(
  prompt: string,
  budgetWords: number,
  beatCount: number,
): { paragraphs: string[]; reading: PromptSubject } {
  const reading = readPrompt(prompt)
  const templates = TEMPLATES[reading.intent]
  const seed = hashText(prompt.toLowerCase())
  const hook = pick(templates.hooks, seed).map((line) => fill(line, reading))
  const closing = pick(templates.closings, seed >>> 3).map((line) => fill(line, reading))
  const offset = (seed >>> 5) % templates.beats.length
  const beats = templates.beats.map((_, index) =>
    pick(templates.beats, index + offset).map((line) => fill(line, reading)),
  )

  // How many sentences of each part are used; two beats minimum, five at most.
  const beatTotal = Math.min(5, Math.max(1, Math.round(beatCount)), beats.length)
  const used = { hook: 1, closing: 1, beats: Array.from({ length: beatTotal }, () => 1) }
  const count = () =>
    [
      ...hook.slice(0, used.hook),
      ...used.beats.flatMap((sentences, index) => pick(beats, index).slice(0, sentences)),
      ...closing.slice(0, used.closing),
    ].reduce((sum, sentence) => sum + countSpokenWords(sentence), 0)

  for (;;) {
    const current = count()
    const options: (() => void)[] = []
    used.beats.forEach((sentences, index) => {
      if (sentences < pick(beats, index).length) options.push(() => (used.beats[index] = sentences + 1))
    })
    if (used.hook < hook.length) options.push(() => (used.hook += 1))
    if (used.closing < closing.length) options.push(() => (used.closing += 1))
    let best: { apply: () => void; distance: number } | undefined
    for (const apply of options) {
      const saved = { hook: used.hook, closing: used.closing, beats: [...used.beats] }
      apply()
      const distance = Math.abs(count() - budgetWords)
      Object.assign(used, saved)
      if (!best || distance < best.distance) best = { apply, distance }
    }
    if (!best || best.distance >= Math.abs(current - budgetWords)) break
    best.apply()
  }

  const paragraphs = [
    hook.slice(0, used.hook).join(' '),
    ...used.beats.map((sentences, index) => pick(beats, index).slice(0, sentences).join(' ')),
    closing.slice(0, used.closing).join(' '),
  ]
  return { paragraphs, reading }
}

/** "family bakery" in Lisbon -> "Family Bakery in Lisbon". */
export function titleFromPrompt(reading: PromptSubject): string {
  const small = new Set(['a', 'an', 'the', 'of', 'in', 'at', 'on', 'for', 'and', 'to', 'with'])
  const base = reading.intent === 'how-to' || reading.intent === 'recipe' ? `How to ${reading.task}` : reading.topic
  const withPlace = reading.place && !base.includes(reading.place) ? `${base} in ${reading.place}` : base
  return withPlace
    .split(' ')
    .map((word, index) => (index > 0 && small.has(word.toLowerCase()) ? word.toLowerCase() : capitalize(word)))
    .join(' ')
}
