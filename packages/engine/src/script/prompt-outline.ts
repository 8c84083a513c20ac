import { countSpokenWords } from './sentences.ts'
import { SETTINGS } from './visual-lexicon.ts'

/**
 * Without an AI model, a prompt ("a 30 second ad for a family bakery in Lisbon") becomes an honest outline
 * built from the prompt's own words: a hook, one to five beats and a closing line from templates picked by
 * what the prompt asks for, sized to the requested length. The user edits it afterwards; it
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

/**
 * One spoken sentence and the shot shown while it is spoken. Visuals that do not match the narration are
 * the top complaint about today's products, so every sentence carries its own picture: a
 * concrete place, one or two subjects, a light or time of day, and neighbouring shots vary in framing.
 */
type Line = readonly [narration: string, shot: string]

/** A beat is one to three lines; the later ones are added only when the video is long enough. */
type Templates = { hooks: Line[][]; beats: Line[][]; closings: Line[][] }

// Narration slots: {the} "the family bakery", {topic} "family bakery", {subject} as the prompt wrote it,
// {place} "Lisbon", {in_place} " in Lisbon" or nothing, {task} "make cold brew at home".
// Shot slots: {the} and {topic} without "our"/"my", {scene} the named place or a setting fitting the intent
// ("a home kitchen"), {in_scene} " in Lisbon" or nothing. Every shot must read well with either kind of scene.
const TEMPLATES: Record<PromptIntent, Templates> = {
  ad: {
    hooks: [
      [
        [
          'Looking for something special{in_place}? Meet {the}.',
          'Wide establishing shot of {scene} at golden hour, the storefront of {the} glowing warmly',
        ],
        [
          'It is the kind of place people tell their friends about.',
          'Two friends chatting happily at the door of {the}, afternoon sun on the street',
        ],
      ],
      [
        [
          'There is a place{in_place} worth knowing about: {the}.',
          'Slow push-in along a street in {scene} towards {the}, early-morning light',
        ],
        [
          'Once you find it, you keep coming back.',
          'A smiling regular stepping through the open door of {the}, the morning street behind',
        ],
      ],
    ],
    beats: [
      [
        [
          'Everything at {the} starts with care and good ingredients.',
          'Close-up of skilled hands at work inside {the}, fresh ingredients on a wooden counter, warm morning light',
        ],
        [
          'Nothing is rushed, and you can taste the difference.',
          'Unhurried detail shot of the work in progress at {the}, steam rising in soft window light',
        ],
        [
          'It is the slow way, and it is the right way.',
          'Overhead shot of the finished work laid out neatly on the counter of {the}',
        ],
      ],
      [
        [
          'The people behind {the} know their regulars by name.',
          'Friendly staff greeting customers at the counter of {the}, warm interior light',
        ],
        [
          'A warm welcome is part of every visit.',
          'A warm welcome at the door of {the}: smiles, a handshake, daylight spilling in',
        ],
        [
          'Come in once, and you will feel like a regular too.',
          'A first-time customer laughing with the staff inside {the}, cozy and bright',
        ],
      ],
      [
        [
          'Step inside {the} and see the work that happens every single day.',
          'Interior of {the} in the morning, staff busy behind the counter',
        ],
        [
          'Skilled hands, honest materials and real attention to detail.',
          'Close-up of skilled hands working with honest materials, shallow depth of field',
        ],
        [
          'That is what people remember long after they leave.',
          'Happy customers leaving {the} with a smile, the street in soft evening light',
        ],
      ],
      [
        [
          'Locals{in_place} keep coming back, and visitors soon understand why.',
          'Locals and visitors on a busy street in {scene}, {the} in the background, midday sun',
        ],
        [
          'Some come for a quick stop, others stay for the afternoon.',
          'Customers at small tables inside {the}, some in a hurry, some lingering in the afternoon light',
        ],
        ['Either way, nobody leaves disappointed.', 'Smiling customers waving goodbye outside {the} at sunset'],
      ],
      [
        [
          'Quality you can see, and a welcome you can feel.',
          'Detail shot of the best of {the} on display, crisp and well lit',
        ],
        ['That is the simple promise of {the}.', 'The sign of {the} above the door in {scene}, golden-hour light'],
        ['It has been kept one customer at a time.', 'A staff member handing a parcel to a smiling customer at {the}'],
      ],
    ],
    closings: [
      [
        [
          '{The} is waiting for you{in_place}.',
          'Closing hero shot of {the} in {scene} at dusk, windows glowing and the door open',
        ],
        ['Come by today and see for yourself.', 'The open door of {the} with a welcome sign, warm light inside'],
      ],
      [
        [
          'Visit {the}{in_place} today.',
          'Hero shot of the storefront of {the} at night, its lights glowing onto a street in {scene}',
        ],
        [
          'Your new favourite place is closer than you think.',
          'Aerial view of {scene} at twilight, {the} glowing among the rooftops',
        ],
      ],
    ],
  },
  story: {
    hooks: [
      [
        [
          'This is the story of {subject}.',
          'Wide establishing shot of {scene} at dawn, {the} a small figure in the distance',
        ],
        [
          'It starts quietly, the way the best stories do.',
          'Quiet morning light over {scene}, mist lifting, nobody around yet',
        ],
      ],
      [
        ['Not every story begins with a bang.', 'A still, misty landscape around {scene} at first light'],
        ['This one begins with {subject}.', 'Portrait of {the} looking out of a window in {scene}, soft morning light'],
      ],
    ],
    beats: [
      [
        [
          'For {the}, every day began the same way, with the same small routine.',
          'Close-up of the hands of {the} going through a small morning routine, warm lamp light',
        ],
        [
          'Nothing about the morning hinted at what was coming.',
          'A kettle steaming on a table by the window in {scene}, early morning',
        ],
        ['The world outside looked calm and ordinary.', 'Calm view out of the window: {scene} under a clear blue sky'],
      ],
      [
        [
          'Then something changed, and {the} was faced with a choice.',
          '{The} stopping in surprise at an open door, dramatic afternoon light',
        ],
        [
          'Stay safe and keep things as they were, or step into the unknown.',
          'A fork in a path outside {scene}: one way sunlit and familiar, the other dark and unknown',
        ],
        ['The answer surprised everyone, even {the}.', 'Close-up of the determined face of {the}, a decision made'],
      ],
      [
        [
          'The road ahead was hard, and more than once {the} almost turned back.',
          '{The} walking alone along a steep, stony road away from {scene}, grey sky',
        ],
        [
          'Storms came, doubts grew louder, and the nights felt long.',
          'Storm clouds and rain over a lonely road at night, a lantern swinging in the wind',
        ],
        [
          'But something kept {the} moving forward.',
          '{The} getting up again at dawn, the road ahead lit by the first sun',
        ],
      ],
      [
        [
          'Along the way came an unexpected friend.',
          '{The} meeting an unexpected friend by the roadside, warm afternoon light',
        ],
        [
          'Together, the journey felt lighter and the goal felt closer.',
          'Two figures walking side by side along a sunlit path, {the} smiling',
        ],
        ['Sometimes the right company changes everything.', 'Close-up of two hands shaking, golden light behind'],
      ],
      [
        [
          'At last, the moment arrived that {the} had been waiting for.',
          '{The} at the top of a hill at sunset, looking down at the goal',
        ],
        [
          'Everything learned along the way came together at once.',
          'Close-up of the steady hands of {the} at the decisive moment, dramatic light',
        ],
        ['It was not perfect, but it was enough.', 'A quiet smile on the face of {the} as night falls, lamp light'],
      ],
    ],
    closings: [
      [
        [
          'In the end, {the} discovered what really mattered.',
          '{The} back home in {scene} at sunset, surrounded by warm light',
        ],
        [
          'And that is where the next story begins.',
          'Wide shot of {scene} under a starry night sky, one window still lit',
        ],
      ],
      [
        ['And so the story of {the} found its ending.', '{The} walking away into the sunset beyond {scene}'],
        ['Or perhaps, just its beginning.', 'Dawn breaking over {scene}, a new path leading into the light'],
      ],
    ],
  },
  'how-to': {
    hooks: [
      [
        ['Want to {task}?', 'Wide shot of {scene} with everything for {the} laid out, bright daylight'],
        [
          'Here is the simple way to do it, step by step.',
          'Overhead shot of the tools for {the} arranged in a neat row',
        ],
      ],
      [
        ['Here is how to {task}.', 'Title shot of {the} on a clean table in {scene}, soft daylight'],
        ['It is easier than you think.', 'A relaxed person smiling as they reach for {the}, bright morning light'],
      ],
    ],
    beats: [
      [
        [
          'First, gather everything you need for {topic} and clear a space to work.',
          'Overhead shot of everything needed for {the} gathered on a clear table in {scene}',
        ],
        ['Having it all within reach saves time later.', 'Close-up of hands placing each tool within easy reach'],
        ['A tidy start makes for a calm finish.', 'A tidy, well-lit workspace, ready to begin'],
      ],
      [
        [
          'Start with the basics of {topic}, one step at a time.',
          'Close-up of hands doing the first step on {the}, slow and careful',
        ],
        [
          'Do not skip ahead, even if the step looks obvious.',
          'A hand pausing over the next tool, the first step on {the} not yet finished',
        ],
        ['The foundation is what the rest depends on.', 'The groundwork on {the} seen from above in even light'],
      ],
      [
        [
          'Now take your time with the next step, because this is where most people rush.',
          'Slow close-up of hands working on {the} during the most delicate step',
        ],
        ['Slow, steady hands give the best result.', 'Steady hands moving slowly in soft side light'],
        [
          'If something feels off, pause and check before you go on.',
          'A person pausing to look closely at {the}, checking the work',
        ],
      ],
      [
        [
          'Check your progress as you go and adjust when something does not look right.',
          'Side-by-side view of {the} before and after, bright daylight',
        ],
        ['Small corrections now prevent big ones later.', 'Close-up of a small adjustment being made to {the}'],
        ['Trust your eyes as much as the instructions.', 'A person stepping back to look at {the} with a critical eye'],
      ],
      [
        [
          'Finish with a final look at your {topic} before you call it done.',
          'A last look at the finished work on {the}, neat and complete',
        ],
        ['A little polish makes a big difference.', 'Close-up of a cloth giving {the} a final polish'],
        [
          'Then step back and enjoy what you made.',
          'A satisfied person stepping back from {the} in warm evening light',
        ],
      ],
    ],
    closings: [
      [
        ['And that is how to {task}.', 'Hero shot of {the}, done and gleaming in warm evening light'],
        ['Save this video and give it a try yourself.', 'A phone beside {the} showing a saved video, warm lamp light'],
      ],
      [
        ['Now you know how to {task}.', 'A person smiling next to {the}, job done, golden-hour light'],
        [
          'Share it with someone who will want to try it too.',
          'Two friends looking at {the} together in {scene}, laughing',
        ],
      ],
    ],
  },
  recipe: {
    hooks: [
      [
        [
          'Let us make {topic}, from start to finish.',
          'Establishing shot of {scene} in the morning, the ingredients for {topic} on the counter',
        ],
        [
          'It takes less effort than you might think.',
          'A relaxed cook smiling at the counter in {scene}, sunlight through the window',
        ],
      ],
      [
        ['Craving {topic}?', 'Mouth-watering close-up of freshly made {topic}, soft window light'],
        [
          'Here is how to make it at home in a few simple steps.',
          'Wide shot of {scene} with a clean counter and a bright window, ready for cooking',
        ],
      ],
    ],
    beats: [
      [
        [
          'Start by gathering the ingredients for {topic} on a clean kitchen counter.',
          'Overhead shot of the ingredients for {topic} laid out on a clean kitchen counter',
        ],
        [
          'Measure everything first, so nothing is forgotten halfway through.',
          'Close-up of hands measuring the ingredients for {topic} into small glass bowls',
        ],
        [
          'Good ingredients do most of the work for you.',
          'Detail of fresh, colourful ingredients for {topic} in soft morning light',
        ],
      ],
      [
        [
          'Prepare each ingredient carefully: wash, chop and set everything out in small bowls.',
          'Close-up of hands washing and chopping the ingredients for {topic} on a wooden board',
        ],
        [
          'A sharp knife and a steady hand make this part quick.',
          'Close-up of a sharp knife slicing cleanly on a chopping board, steady hands',
        ],
        ['The kitchen starts to smell wonderful already.', 'Steam rising in {scene}, a cook smiling in warm light'],
      ],
      [
        [
          'Now bring it all together in a large bowl and mix gently.',
          'Hands gently mixing everything for {topic} in a large bowl, seen from above',
        ],
        [
          'Stop as soon as everything is combined.',
          'Close-up of a wooden spoon resting on the edge of the bowl, everything for {topic} just combined',
        ],
        [
          'Patience here pays off in the final result.',
          'A cook waiting patiently for {the} by the window in {scene}, afternoon light',
        ],
      ],
      [
        [
          'Give your {topic} the time it needs, and do not rush this step.',
          '{The} resting on the counter in {scene}, a kitchen timer beside it',
        ],
        ['Check on it now and then, and trust your nose.', 'A cook leaning in to check on {the}, warm kitchen light'],
        ['You will know when it is ready.', 'Close-up of {the}, ready, in warm golden light'],
      ],
      [
        ['Taste as you go, and adjust to your liking.', 'A cook tasting {the} from a spoon, eyes closed'],
        [
          'A pinch more of this, a little less of that.',
          'Fingers adding a final pinch over {the}, shallow depth of field',
        ],
        [
          'This is where the recipe becomes yours.',
          'A handwritten recipe card beside {the}, a pencil note in the margin',
        ],
      ],
    ],
    closings: [
      [
        [
          'Serve your {topic} fresh, and watch it disappear.',
          'Hero shot of {the} served on a table by the window, friends reaching in',
        ],
        ['Save this recipe for next time.', 'A recipe card pinned to the fridge in {scene}, evening light'],
      ],
      [
        ['And that is homemade {topic}.', 'Hero shot of homemade {topic} on a wooden table, golden-hour light'],
        [
          'Share it with the people you love.',
          'Family and friends sharing {the} around a dinner table at night, warm lamp light',
        ],
      ],
    ],
  },
  travel: {
    hooks: [
      [
        ['Welcome to {place}.', 'Aerial establishing shot of {scene} at sunrise, rooftops catching the first light'],
        [
          'A place that rewards anyone who takes it slowly.',
          'A traveller strolling slowly through a quiet street in {scene}, soft morning light',
        ],
      ],
      [
        [
          'If you only have a short time in {place}, here is how to spend it.',
          'Wide shot of the skyline of {scene} on a clear morning',
        ],
        [
          'Follow along and let the city show you around.',
          'A traveller with a backpack and a map setting off through {scene}',
        ],
      ],
    ],
    beats: [
      [
        [
          'Start your morning in the old streets of {place}, before the crowds arrive.',
          'Empty old streets of {scene} in the early-morning light, before the crowds',
        ],
        [
          'The light is soft and the air is still cool.',
          'Soft dawn light on old stone walls in {scene}, cool blue shadows',
        ],
        [
          'It is the best time for photographs.',
          'A traveller taking a photograph of a quiet street in {scene} at sunrise',
        ],
      ],
      [
        [
          'Find a small local cafe in {place} and watch the city wake up around you.',
          'A traveller at a small local cafe in {scene}, coffee on the table, the street waking up outside',
        ],
        ['Order what the regulars order.', 'Close-up of a barista serving the local breakfast over the cafe counter'],
        [
          'Sometimes the simplest breakfast is the most memorable.',
          'A simple breakfast on a cafe table by the window in {scene}, morning light',
        ],
      ],
      [
        [
          'By midday, head out to the landmarks that make {place} famous.',
          'The famous landmarks of {scene} under a bright midday sun, crowds below',
        ],
        [
          'Take the long way there, on foot if you can.',
          'A traveller walking along a sunny street in {scene}, a landmark ahead',
        ],
        [
          'The side streets hide some of the best views.',
          'A hidden view down a narrow side street in {scene}, bright and quiet',
        ],
      ],
      [
        [
          'In the afternoon, wander the markets and parks of {place} without a plan.',
          'A busy market in {scene} in the afternoon, colourful stalls and people',
        ],
        ['Let curiosity choose the next turn.', 'A traveller turning down a leafy park path in {scene}, afternoon sun'],
        [
          'This is where the trip becomes your own.',
          'A traveller smiling at a market stall in {scene}, late afternoon light',
        ],
      ],
      [
        [
          'As the sun sets, climb to a viewpoint and watch the skyline of {place} turn gold.',
          'The skyline of {scene} glowing gold at sunset, seen from a high viewpoint',
        ],
        [
          'Then follow the music into the evening streets.',
          'Evening streets of {scene} with live music and warm lights',
        ],
        [
          'Dinner tastes better after a day like this.',
          'Dinner at an outdoor table in {scene} at night, candles and lanterns',
        ],
      ],
    ],
    closings: [
      [
        ['{Place} is waiting for you.', 'Closing aerial shot of {scene} at twilight, the lights coming on'],
        ['Pack your bag and go see it for yourself.', 'A packed suitcase by a window overlooking {scene} at dawn'],
      ],
      [
        ['That is {place} in a day.', 'Wide shot of {scene} at night, lights glowing across the rooftops'],
        ['Save this for your next trip.', 'A map of {scene} and a train ticket on a cafe table, evening light'],
      ],
    ],
  },
  motivational: {
    hooks: [
      [
        [
          'Here is the truth about {topic} that nobody tells you.',
          'Bold title “{topic}” over a lone runner on an empty street in {scene} before dawn',
        ],
        [
          'It starts long before anyone is watching.',
          'Empty stands in a dark stadium at night, a single floodlight on',
        ],
      ],
      [
        [
          'If you are struggling with {topic}, listen closely.',
          'A tired person on the edge of a bed at dawn, a sticky note reading “{topic}” on the wall',
        ],
        ['This one is for you.', 'Close-up of the same person looking up, soft morning light on their face'],
      ],
    ],
    beats: [
      [
        [
          'Every journey starts with a single step, and that step is yours to take.',
          'Close-up of a running shoe taking the first step onto a wet road at dawn',
        ],
        [
          'It will not feel ready.',
          'A hesitant figure at the start of a long road, a note about {topic} in their hand, grey sky',
        ],
        ['Take it anyway.', 'The same figure striding forward into the sunrise'],
      ],
      [
        ['Some mornings you will not feel like it.', 'An alarm clock ringing in a dark bedroom before dawn'],
        [
          'Show up anyway, even when the alarm rings in the dark.',
          'A person lacing up their shoes by a window in the dark, city lights outside',
        ],
        [
          'Discipline is remembering what you want most.',
          'A handwritten note about {topic} pinned above a desk, lit by a desk lamp',
        ],
      ],
      [
        [
          'Progress is quiet, and it hides in small wins that nobody sees.',
          'A person working alone at a desk late at night, a notebook on {topic} full of small ticks',
        ],
        [
          'One more page, one more mile, one more try.',
          'Quick close-ups at dawn: a turning page, a running shoe, a hand on a barbell',
        ],
        [
          'They add up faster than you think.',
          'A wall calendar marked “{topic}” and covered in crossed-off days, morning light',
        ],
      ],
      [
        [
          'When the road gets steep, remember why you started.',
          'A hiker climbing a steep mountain trail in the wind, a note on {topic} tucked in a pocket',
        ],
        [
          'The climb is what makes the view worth it.',
          'Wide view from a mountain summit at sunrise, the hiker small against the sky',
        ],
        ['Every step up is a step you earned.', 'Close-up of hiking boots on rocky steps, climbing in golden light'],
      ],
      [
        [
          'The people you admire were once beginners, just like you.',
          'Old photographs of beginners on a corkboard under a note about {topic}, warm lamp light',
        ],
        ['They doubted themselves too.', 'A young athlete sitting alone on a bench after a loss, dusk'],
        ['The difference is that they kept going.', 'The same athlete training again under stadium lights at night'],
      ],
    ],
    closings: [
      [
        ['Your future self is counting on you.', 'A person on a rooftop in {scene} facing the sunrise, arms open'],
        ['Start today.', 'Bold title “{topic}” over a running shoe stepping into the morning light'],
      ],
      [
        [
          'So keep going, one day at a time.',
          'A runner crossing a finish line at golden hour, arms raised, a banner reading “{topic}”',
        ],
        ['You are closer than you think.', 'A climber just below a mountain summit under a bright morning sky'],
      ],
    ],
  },
  product: {
    hooks: [
      [
        [
          'Meet {the}, made for the way you actually live.',
          'Hero shot of {the} on a clean surface in soft studio light, slowly turning',
        ],
        ['Simple, thoughtful and ready when you are.', '{The} on a table in {scene}, morning sun through the window'],
      ],
      [
        [
          'What if your day could be a little easier?',
          'A busy morning in {scene}: a person juggling keys, a phone and a coffee',
        ],
        ['Say hello to {the}.', 'Reveal shot of a hand lifting {the} into frame against a clean backdrop'],
      ],
    ],
    beats: [
      [
        [
          '{The} is designed around one simple idea: make everyday moments better.',
          '{The} in everyday use on a kitchen counter in {scene}, bright morning light',
        ],
        ['No clutter, no confusion.', 'A tidy, clutter-free desk with only {the} on it'],
        [
          'Just what you need, where you need it.',
          'A hand reaching for {the} without looking, right where it was left',
        ],
      ],
      [
        [
          'Pick up {the} and you notice the details straight away.',
          'Close-up of a hand picking up {the}, fingers on the finish',
        ],
        [
          'Clean lines, solid materials and a finish that feels right in your hand.',
          'Macro detail shot of the lines and materials of {the}, soft reflections',
        ],
        ['It is made to be used, every day.', '{The} in quick everyday moments: breakfast, a desk, a bag by the door'],
      ],
      [
        [
          '{The} fits into your routine, at home, at work and on the move.',
          'Split screen of {the} at home, in an office and on a city street',
        ],
        ['Set it up in minutes.', 'Close-up of hands setting up {the} in a few quick moves'],
        [
          'Then forget about it and let it do its job.',
          '{The} quietly doing its job on a shelf while a person relaxes, evening light',
        ],
      ],
      [
        [
          'Built to last, {the} is ready for whatever your day brings.',
          '{The} on a wet stone step in the rain, water beading on the surface',
        ],
        ['Rain or shine, busy or slow.', 'A person on a sunny park path with {the}'],
        ['It keeps up with you.', 'A cyclist riding through the city at golden hour with {the}'],
      ],
      [
        [
          'Simple to start with, and better the more you use it.',
          'A person smiling while using {the} on a sofa in {scene}',
        ],
        [
          'That is the kind of product people recommend to their friends.',
          'Two friends looking at {the} together, one pointing out a detail',
        ],
        [
          'Soon you will wonder how you managed without it.',
          '{The} at the centre of a calm, organised desk, warm evening light',
        ],
      ],
    ],
    closings: [
      [
        ['{The}.', 'Closing hero shot of {the} on a plain backdrop under a soft spotlight'],
        [
          'Try it today and see the difference for yourself.',
          'A hand placing {the} into a shopping bag, bright daylight',
        ],
      ],
      [
        ['Get {the} today.', 'Hero shot of {the} standing tall in soft studio light'],
        ['Your everyday, upgraded.', 'A person in {scene} at sunset, {the} by their side'],
      ],
    ],
  },
  event: {
    hooks: [
      [
        ['Mark your calendar: {subject} is coming.', 'A poster for {the} on a wall in {scene}, late afternoon sun'],
        ['You will want to be there.', 'Excited friends pointing at the poster for {the}'],
      ],
      [
        [
          'Something special is happening{in_place}.',
          'Aerial shot of {scene} at dusk, the glow of stage lights in the distance',
        ],
        ['Introducing {the}.', 'A big banner for {the} unfurling above the entrance, evening sky'],
      ],
    ],
    beats: [
      [
        [
          'Picture the crowd gathering{in_place} as the lights come up and the music starts.',
          'A crowd gathering at {the} as the stage lights come up at dusk',
        ],
        [
          'The energy builds from the very first minute.',
          'Close-up of a performer on stage, lights sweeping over the crowd',
        ],
        ['Everyone can feel it.', 'Smiling faces in the crowd, hands in the air'],
      ],
      [
        [
          'There is something for everyone at {the}, from first-timers to regulars.',
          'Families and friends of all ages walking through {the} in the afternoon',
        ],
        [
          'Bring your friends, bring your family.',
          'A family arriving at the entrance of {the}, children on their parents’ shoulders',
        ],
        ['The more, the merrier.', 'A big group of friends laughing together on the grass in the sun'],
      ],
      [
        [
          'Come for the main stage, and stay for the moments in between.',
          'The main stage of {the} seen from the crowd, bright lights at night',
        ],
        [
          'Good food, new faces and conversations that run late into the night.',
          'Food stalls and long tables at {the}, people talking under string lights',
        ],
        ['Those are the memories that last.', 'Friends taking a photo together at {the} late at night'],
      ],
      [
        [
          'Behind the scenes, people have been preparing {the} for months.',
          'Crew setting up the stage for {the} in daylight',
        ],
        ['Every detail has been planned with care.', 'Close-up of hands checking a schedule and cables backstage'],
        ['All that is missing now is you.', 'An empty front row before the stage at {the}, lights glowing'],
      ],
      [
        [
          'Check the programme, plan your day and arrive early.',
          'A printed programme for {the} with times circled in pen',
        ],
        ['The best spots go fast.', 'People hurrying through the gates of {the} in the morning'],
        ['Do not miss the opening.', 'The first act walking on stage at {the}, spotlight on'],
      ],
    ],
    closings: [
      [
        ['{The}{in_place}.', 'Closing wide shot of {the}{in_scene} at night, stage lights and fireworks'],
        ['Be there, and bring someone with you.', 'Two friends walking arm in arm into {the} at dusk'],
      ],
      [
        ['See you at {the}.', 'Hero shot of the crowd at {the} under a night sky full of lights'],
        ['It is going to be one to remember.', 'Confetti falling over the crowd at {the}, golden stage light'],
      ],
    ],
  },
  facts: {
    hooks: [
      [
        ['Think you know everything about {topic}?', 'Striking close-up of {the}, dramatic light'],
        ['Take a closer look.', 'Slow zoom through a magnifying glass held over {the}'],
      ],
      [
        [
          'Here are a few things worth knowing about {topic}.',
          'An open notebook of sketches of {the}, a question mark in the margin',
        ],
        ['Some of them might surprise you.', 'A surprised face lit by a screen showing {the}'],
      ],
    ],
    beats: [
      [
        ['Start with the origins of {topic}.', 'Old sepia illustration of {the} in an antique book'],
        [
          'The origin story is rarely the one people expect.',
          'An old map and faded documents on a wooden desk in {scene}',
        ],
        ['Every detail has a history behind it.', 'Close-up of a museum label beside a display about {the}'],
      ],
      [
        ['Look closely at {topic} and the details get stranger.', 'Macro shot of the fine details of {the}'],
        ['Small things turn out to matter a great deal.', 'A magnifying glass over a tiny detail of {the}'],
        ['Experts still argue about some of them.', 'Two experts debating over a chart about {the} in {scene}'],
      ],
      [
        [
          'Then there is the scale of {topic}, which is hard to picture.',
          '{The} next to a person for scale, with a bold measuring line',
        ],
        ['Numbers alone do not do it justice.', 'Big bold numbers floating over a wide shot of {the}'],
        ['It helps to compare it with something you know.', 'Side-by-side comparison of {the} and an everyday object'],
      ],
      [
        [
          'Over time, the way we see {topic} has changed, and it is still changing.',
          'An old black-and-white photograph of {the} beside a modern colour one',
        ],
        ['What was true a generation ago may not be true today.', 'A crossed-out page in an old textbook about {the}'],
        ['That is what keeps it interesting.', 'A curious child looking at a picture of {the} in a museum'],
      ],
      [
        [
          'The most surprising thing about {topic} is how close to everyday life it all is.',
          'A bright everyday street scene with a small reminder of {the} in the corner',
        ],
        [
          'Once you notice it, you see it everywhere.',
          'Quick shots of {the} hidden in everyday places, bright daylight',
        ],
        ['Look around you today.', 'A person looking around a busy street with new curiosity'],
      ],
    ],
    closings: [
      [
        ['That is {topic}, seen a little more closely.', 'Closing wide shot of {the} in soft golden light'],
        ['Share this with someone who loves a good fact.', 'Two friends laughing over a phone showing {the}'],
      ],
      [
        [
          'Now you know a little more about {topic}.',
          'A stack of books about {the} on a table in {scene}, warm lamp light',
        ],
        ['Which part surprised you most?', 'A question mark drawn beside a sketch of {the}'],
      ],
    ],
  },
  general: {
    hooks: [
      [
        ['Let us talk about {subject}.', 'Wide establishing shot of {the}{in_scene}, soft morning light'],
        ['There is more to it than meets the eye.', 'Slow push-in on a small hidden detail of {the}'],
      ],
      [
        ['Here is a closer look at {subject}.', 'Close-up of {the}{in_scene}, shallow depth of field'],
        ['Stay until the end.', 'Wide shot of {the} slowly revealed as the morning mist clears'],
      ],
    ],
    beats: [
      [
        [
          'At first glance, there is nothing complicated about {topic}.',
          'Simple wide shot of {the}{in_scene} on a calm day',
        ],
        ['But the closer you look, the more there is to see.', 'Slow zoom into the textures of {the}'],
        ['Every detail tells part of the story.', 'Macro detail of {the} in soft side light'],
      ],
      [
        [
          'Behind {the} are people who care about getting it right.',
          'People at work on {the}, careful hands in warm afternoon light',
        ],
        ['Their work is careful, patient and often unseen.', 'Close-up of patient hands at work in the early morning'],
        ['It shows in the result.', '{The} at its best, finished and glowing in the light'],
      ],
      [
        ['Here is what most people miss about {topic}.', 'An overlooked detail of {the}, framed in soft light'],
        ['It is not the big moments, but the small ones.', 'A small, quiet moment beside {the}, a hand resting gently'],
        ['They are the ones that last.', 'An old photograph of {the} in a frame on a sunny windowsill'],
      ],
      [
        ['Picture {the} in the best light, on a good day.', '{The}{in_scene} in golden-hour light on a perfect day'],
        [
          'That is the feeling worth holding on to.',
          'A person smiling with eyes closed in the warm evening light near {the}',
        ],
        ['It is easy to see why people love it.', 'Friends gathered around {the}, laughing in the sun'],
      ],
      [
        [
          'Today, everyone sees {topic} a little differently.',
          'Different people looking at {the} from different angles, bright daylight',
        ],
        ['For some it is a memory, for others a plan.', 'An old photo of {the} beside a new plan sketched on paper'],
        ['What does it mean to you?', 'Close-up of a thoughtful face looking at {the}, soft light'],
      ],
    ],
    closings: [
      [
        ['That is {the}, up close.', 'Closing close-up of {the} in warm golden light'],
        ['Share it with someone who would love it.', 'Two friends sharing a look at {the}, smiling at dusk'],
      ],
      [
        [
          'Now you have seen {the} a little differently.',
          'Wide closing shot of {the}{in_scene} at dusk, lights coming on',
        ],
        ['Follow for more.', '{The} under a twilight sky, the first stars appearing'],
      ],
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
  /^(?:(?:short|quick|fun|funny|simple|vertical|cinematic|little|brief|punchy|emotional|catchy|motivational|inspirational|inspiring|promotional|educational|viral)\s+)*(?:video|ad|advert|advertisement|commercial|promo|reel|clip|short|tiktok|story|fable|tale|legend|explainer|tutorial|guide|teaser|trailer|montage|spot|recipe|piece|film|animation|post|vlog|travel guide|travel video)s?\b\s*(?:about|for|of|on|showing|featuring|introducing|explaining|that shows|to)?\s*/i

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
  /** What the shots show: the subject without "our" or a trailing setting, with its article ("the bakery"). */
  shotSubject: string
  /** Where the shots are set: the named place, a setting the prompt names ("the mountains") or one fitting the intent. */
  scene: string
  /** Whether `scene` comes from the prompt rather than from the intent. */
  isSceneNamed: boolean
}

/** Where a prompt's shots are set when it names no place: somewhere the intent's templates read well. */
const GENERIC_SCENES: Record<PromptIntent, string> = {
  ad: 'a lively neighbourhood',
  story: 'a quiet little village',
  'how-to': 'a tidy workspace',
  recipe: 'a home kitchen',
  travel: 'a scenic old town',
  motivational: 'a quiet city',
  product: 'a bright modern home',
  event: 'a lively venue',
  facts: 'a quiet library',
  general: 'a sunlit landscape',
}

/** Seasons and abstract ideas read without an article in a shot ("autumn", "discipline"). */
const BARE_NOUNS =
  /^(?:spring|summer|autumn|fall|winter|discipline|motivation|success|love|happiness|confidence|focus|nature|history|music|art|science|technology|time|life)$/i

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
      /^(?:make|cook|bake|brew|build|start|grow|plant|fix|clean|learn|write|draw|paint|prepare|choose|use|change|replace|repair|install|set up|organi[sz]e|pack|train|plan|save)\s+(?:an?\s+|the\s+|your\s+)?/i,
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
  return {
    intent,
    subject,
    topic,
    definite,
    place,
    task: task || `make ${topic}`,
    ...readShotSlots(intent, topic, place, isName && !new RegExp(`\\bthe ${topic}`, 'i').test(subject)),
  }
}

/** The subject and setting the shot templates draw, so they name concrete things for any prompt. */
function readShotSlots(intent: PromptIntent, topic: string, place: string | undefined, isName: boolean) {
  let shotTopic = topic.replace(/^(?:my|our|your|his|her|their)\s+/i, '')
  let scene = place
  // "autumn in the mountains": a lower-case setting after a preposition is where the shots are, not the subject.
  const settingMatch = /\s+(?:in|at|on|by|across|around|near)\s+((?:the\s+)?([\p{L}-]+))$/iu.exec(shotTopic)
  if (settingMatch?.[1] && settingMatch[2] && SETTINGS.has(settingMatch[2].toLowerCase())) {
    scene ??= settingMatch[1].toLowerCase()
    shotTopic = shotTopic.slice(0, settingMatch.index)
  }
  if (!scene && (intent === 'story' || intent === 'how-to' || intent === 'general')) {
    // "a lighthouse keeper": the subject's own setting is the best backdrop for a story about it.
    const settingWord = shotTopic.split(/\s+/).find((word) => SETTINGS.has(word.toLowerCase()))
    if (settingWord && settingWord.toLowerCase() !== shotTopic.toLowerCase()) {
      scene = `${/^[aeiou]/i.test(settingWord) ? 'an' : 'a'} ${settingWord.toLowerCase()}`
    }
  }
  // A product keeps its article even in the plural: "the wireless headphones", but "octopuses" in general.
  const isBare = isName || (/[^s]s$/.test(shotTopic) && intent !== 'product') || BARE_NOUNS.test(shotTopic)
  return {
    shotSubject: isBare ? shotTopic : `the ${shotTopic}`,
    scene: scene ?? GENERIC_SCENES[intent],
    isSceneNamed: scene !== undefined,
  }
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

/** A shot line with its slots filled; only `{scene}` and the shot subject differ from the narration's slots. */
function fillShot(template: string, slots: PromptSubject): string {
  const text = template
    .replace(/\{the\}/g, slots.shotSubject)
    .replace(/\{The\}/g, capitalize(slots.shotSubject))
    .replace(/\{topic\}/g, slots.shotSubject.replace(/^the\s+/, ''))
    .replace(/\{scene\}/g, slots.scene)
    .replace(/\{in_scene\}/g, slots.isSceneNamed ? ` in ${slots.scene}` : '')
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

/** One hook, beat or closing: its sentences and, for each, the shot shown while it is spoken. */
export type OutlineParagraph = { sentences: string[]; shots: string[] }

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
): { paragraphs: OutlineParagraph[]; reading: PromptSubject } {
  const reading = readPrompt(prompt)
  const templates = TEMPLATES[reading.intent]
  const seed = hashText(prompt.toLowerCase())
  const fillLines = (lines: Line[]) =>
    lines.map(([line, shot]) => [fill(line, reading), fillShot(shot, reading)] as const)
  const hook = fillLines(pick(templates.hooks, seed))
  const closing = fillLines(pick(templates.closings, seed >>> 3))
  const offset = (seed >>> 5) % templates.beats.length
  const beats = templates.beats.map((_, index) => fillLines(pick(templates.beats, index + offset)))

  // How many sentences of each part are used; two beats minimum, five at most.
  const beatTotal = Math.min(5, Math.max(1, Math.round(beatCount)), beats.length)
  const used = { hook: 1, closing: 1, beats: Array.from({ length: beatTotal }, () => 1) }
  const count = () =>
    [
      ...hook.slice(0, used.hook),
      ...used.beats.flatMap((sentences, index) => pick(beats, index).slice(0, sentences)),
      ...closing.slice(0, used.closing),
    ].reduce((sum, [sentence]) => sum + countSpokenWords(sentence), 0)

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

  const toParagraph = (lines: (readonly [string, string])[]): OutlineParagraph => ({
    sentences: lines.map(([sentence]) => sentence),
    shots: lines.map(([, shot]) => shot),
  })
  const paragraphs = [
    toParagraph(hook.slice(0, used.hook)),
    ...used.beats.map((sentences, index) => toParagraph(pick(beats, index).slice(0, sentences))),
    toParagraph(closing.slice(0, used.closing)),
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
