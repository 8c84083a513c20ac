/**
 * Word lists the local splitter reads a scene with: which words are filler, which name a place,
 * a time of day, the weather, a mood or an action. English only; other words still count as subjects.
 */

const words = (list: string) => new Set(list.trim().split(/\s+/))

export const STOP_WORDS = words(`
a an the and or but so nor yet if then than that this these those there here it its it's itself
i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers
herself they them their theirs themselves who whom whose which what whatever whoever
is am are was were be been being have has had having do does did doing done will would shall should can could may
might must ought need let lets let's don't doesn't didn't won't can't isn't aren't wasn't weren't i'm you're we're
they're he's she's that's what's there's here's who's i've you've we've they've i'll you'll we'll they'll i'd you'd
we'd they'd
of in on at to from by with without for about into onto over under above below between among through across along
around behind beyond near off out up down upon within toward towards via per against during since until till
after before while when where why how whenever wherever because although though unless whether
not no yes very really just only also even still too quite rather almost already always never ever often sometimes
usually again once twice more most less least much many few several some any each every all both either neither
other another such same own enough lot lots bit
one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty sixty seventy
eighty ninety hundred hundreds thousand thousands million millions dozen dozens
first second third next last new now today tonight soon later
get gets got getting go goes went gone going come comes came coming make makes made making take takes took taken
give gives gave given put puts say says said saying tell tells told know knows knew known think thinks thought
see sees saw seen look looks looked want wants wanted like likes liked use uses used find finds found
thing things stuff way ways kind kinds sort part parts something anything nothing everything someone anyone everyone
nobody somebody everybody
ok okay oh well hey hi hello please thanks thank yeah
o'clock tomorrow yesterday inside outside ahead back away together apart forward forwards home-made everyone's
`)

/** Places and settings: what the scene stands in. */
export const SETTINGS = words(`
street streets road roads avenue alley square plaza market marketplace city town village neighbourhood
neighborhood downtown harbour harbor port dock pier bridge station airport train bus subway metro highway
bakery cafe café coffeehouse restaurant kitchen bar pub shop store boutique studio workshop garage factory
warehouse office lab laboratory classroom school university campus library museum gallery theatre theater
cinema stadium arena gym hospital clinic church temple cathedral castle palace tower lighthouse hotel home
house apartment flat room bedroom livingroom bathroom garden yard backyard balcony rooftop roof attic basement
farm field fields meadow orchard vineyard barn forest woods jungle park trail mountain mountains hill hills
valley canyon cliff cliffs cave desert dunes beach shore coast coastline island bay ocean sea lake river stream
waterfall pond swamp glacier volcano sky skyline space planet moon stars galaxy underwater reef ship boat
deck stage arena courtyard corridor hallway lobby countryside suburb skyscraper bakehouse terrace
`)

export const TIMES: Record<string, string> = {
  dawn: 'dawn',
  sunrise: 'sunrise',
  morning: 'morning',
  mornings: 'morning',
  breakfast: 'morning',
  noon: 'midday',
  midday: 'midday',
  afternoon: 'afternoon',
  lunch: 'midday',
  evening: 'evening',
  evenings: 'evening',
  dusk: 'dusk',
  sunset: 'sunset',
  twilight: 'twilight',
  night: 'night',
  nights: 'night',
  tonight: 'night',
  midnight: 'midnight',
  dinner: 'evening',
}

/** How a time of day reads as an adjective in front of a setting. */
export const TIME_ADJECTIVES: Record<string, string> = {
  dawn: 'dawn-lit',
  sunrise: 'sunrise',
  morning: 'early-morning',
  midday: 'sunlit',
  afternoon: 'afternoon',
  evening: 'golden-hour',
  dusk: 'dusky',
  sunset: 'sunset',
  twilight: 'twilight',
  night: 'night-time',
  midnight: 'midnight',
}

export const WEATHER: Record<string, string> = {
  rain: 'rainy',
  rainy: 'rainy',
  raining: 'rainy',
  storm: 'stormy',
  stormy: 'stormy',
  thunder: 'stormy',
  lightning: 'stormy',
  snow: 'snowy',
  snowy: 'snowy',
  snowing: 'snowy',
  fog: 'foggy',
  foggy: 'foggy',
  mist: 'misty',
  misty: 'misty',
  sunny: 'sunny',
  sunshine: 'sunny',
  sun: 'sunny',
  cloudy: 'overcast',
  clouds: 'cloudy',
  wind: 'windy',
  windy: 'windy',
  winter: 'wintry',
  summer: 'summer',
  autumn: 'autumn',
  spring: 'spring',
}

/** Words that carry a mood, and the adjective the description uses for it. */
export const MOODS: Record<string, string> = {
  happy: 'joyful',
  happiness: 'joyful',
  joy: 'joyful',
  joyful: 'joyful',
  fun: 'playful',
  play: 'playful',
  playful: 'playful',
  laugh: 'cheerful',
  laughter: 'cheerful',
  smile: 'cheerful',
  smiles: 'cheerful',
  love: 'tender',
  loved: 'tender',
  family: 'warm',
  home: 'cozy',
  cozy: 'cozy',
  cosy: 'cozy',
  warm: 'warm',
  bread: 'inviting',
  bakery: 'inviting',
  coffee: 'inviting',
  fresh: 'fresh',
  calm: 'calm',
  quiet: 'quiet',
  peace: 'peaceful',
  peaceful: 'peaceful',
  relax: 'relaxed',
  relaxing: 'relaxed',
  slow: 'unhurried',
  sad: 'melancholic',
  sadness: 'melancholic',
  alone: 'lonely',
  lonely: 'lonely',
  lost: 'uncertain',
  fear: 'tense',
  afraid: 'tense',
  danger: 'tense',
  dark: 'moody',
  darkness: 'moody',
  mystery: 'mysterious',
  mysterious: 'mysterious',
  secret: 'mysterious',
  strange: 'eerie',
  hope: 'hopeful',
  dream: 'dreamy',
  dreams: 'dreamy',
  magic: 'magical',
  magical: 'magical',
  wonder: 'wondrous',
  adventure: 'adventurous',
  explore: 'adventurous',
  journey: 'adventurous',
  epic: 'epic',
  victory: 'triumphant',
  win: 'triumphant',
  champion: 'triumphant',
  success: 'triumphant',
  power: 'powerful',
  strong: 'powerful',
  fast: 'energetic',
  speed: 'energetic',
  energy: 'energetic',
  exciting: 'exciting',
  excited: 'exciting',
  celebrate: 'festive',
  celebration: 'festive',
  party: 'festive',
  festival: 'festive',
  beautiful: 'beautiful',
  elegant: 'elegant',
  luxury: 'luxurious',
  future: 'futuristic',
  technology: 'futuristic',
  ancient: 'timeless',
  history: 'timeless',
  old: 'nostalgic',
  memory: 'nostalgic',
  memories: 'nostalgic',
  nature: 'serene',
  ocean: 'serene',
  sea: 'serene',
  lake: 'serene',
  forest: 'lush',
  garden: 'lush',
  storm: 'dramatic',
  war: 'grim',
  battle: 'dramatic',
  brave: 'heroic',
  hero: 'heroic',
  courage: 'heroic',
  determined: 'determined',
  focus: 'focused',
  work: 'focused',
  learn: 'curious',
  discover: 'curious',
  curious: 'curious',
  delicious: 'mouth-watering',
  tasty: 'mouth-watering',
  sweet: 'sweet',
}

/** A fallback mood per style, so a scene whose words carry none still has a look. */
export const STYLE_MOODS: Record<string, string[]> = {
  cinematic: ['dramatic light', 'cinematic depth', 'moody contrast'],
  anime: ['vivid anime colours', 'soft anime glow', 'bright cel-shaded light'],
  realistic: ['natural light', 'true-to-life detail', 'soft daylight'],
  '3d-cartoon': ['playful 3D shapes', 'bright toy-like colours', 'bouncy 3D look'],
  watercolor: ['soft watercolour washes', 'gentle painted edges', 'airy pastel tones'],
  comic: ['bold comic inks', 'punchy halftone colour', 'dynamic comic panels'],
}

/** Verbs to their -ing form, for the action in a description ("a baker kneading dough"). */
export const VERB_GERUNDS: Record<string, string> = {}
for (const entry of `
bake:baking cook:cooking knead:kneading pour:pouring brew:brewing serve:serving eat:eating drink:drinking taste:tasting
run:running walk:walking jump:jumping climb:climbing swim:swimming fly:flying drive:driving ride:riding sail:sailing
dance:dancing sing:singing play:playing laugh:laughing smile:smiling cry:crying hug:hugging kiss:kissing wave:waving
build:building create:creating paint:painting draw:drawing write:writing read:reading study:studying learn:learning
teach:teaching work:working type:typing code:coding design:designing plan:planning fix:fixing repair:repairing
open:opening close:closing carry:carrying lift:lifting push:pushing pull:pulling throw:throwing catch:catching
grow:growing plant:planting harvest:harvesting pick:picking wash:washing clean:cleaning shop:shopping buy:buying
sell:selling watch:watching listen:listening talk:talking speak:speaking shout:shouting whisper:whispering
explore:exploring discover:discovering search:searching travel:traveling wander:wandering hike:hiking
fight:fighting win:winning race:racing train:training practise:practising practice:practicing celebrate:celebrating
rise:rising fall:falling shine:shining glow:glowing burn:burning melt:melting bloom:blooming sleep:sleeping
wake:waking dream:dreaming wait:waiting sit:sitting stand:standing gather:gathering meet:meeting share:sharing
welcome:welcoming greet:greeting arrive:arriving leave:leaving return:returning chase:chasing hunt:hunting
mix:mixing stir:stirring chop:chopping slice:slicing grill:grilling fry:frying roast:roasting boil:boiling
launch:launching visit:visiting fill:filling roll:rolling film:filming photograph:photographing sketch:sketching craft:crafting sew:sewing knit:knitting
`
  .trim()
  .split(/\s+/)) {
  const [verb, gerund] = entry.split(':') as [string, string]
  VERB_GERUNDS[verb] = gerund
  VERB_GERUNDS[`${verb}s`] = gerund
  VERB_GERUNDS[verb.endsWith('e') ? `${verb}d` : `${verb}ed`] = gerund
  VERB_GERUNDS[gerund] = gerund
}
for (const [irregular, gerund] of Object.entries({
  ran: 'running',
  flew: 'flying',
  drove: 'driving',
  rode: 'riding',
  swam: 'swimming',
  sang: 'singing',
  built: 'building',
  wrote: 'writing',
  drew: 'drawing',
  ate: 'eating',
  drank: 'drinking',
  grew: 'growing',
  sold: 'selling',
  bought: 'buying',
  taught: 'teaching',
  fought: 'fighting',
  won: 'winning',
  rose: 'rising',
  fell: 'falling',
  shone: 'shining',
  slept: 'sleeping',
  woke: 'waking',
  sat: 'sitting',
  stood: 'standing',
  met: 'meeting',
  left: 'leaving',
  caught: 'catching',
  threw: 'throwing',
  spoke: 'speaking',
  fixes: 'fixing',
  mixes: 'mixing',
  catches: 'catching',
  watches: 'watching',
  washes: 'washing',
  carries: 'carrying',
  studies: 'studying',
  flies: 'flying',
})) {
  VERB_GERUNDS[irregular] = gerund
}

/** Common verbs and adjectives that are not subjects, beyond the ones above. */
export const NOT_SUBJECTS = words(`
become becomes became feel feels felt seem seems seemed keep keeps kept begin begins began start starts started
try tries tried help helps helped show shows showed shown turn turns turned call calls called move moves moved
live lives lived believe believes hold holds held bring brings brought happen happens happened change changes changed
stop stops stopped wonder imagine remember forget forgot love loves loved enjoy enjoys enjoyed hear heard
means mean meant matter matters include includes including offer offers offered ready whole real true
good great best better big small little large huge tiny long short high low full empty easy hard simple
right wrong sure able possible important different special perfect amazing incredible awesome favourite favorite
beautiful wonderful nice lovely fine free open close every single double
miss admire stay step pack follow talk glance worth meet meets picture prepare set sets hide hides care deal
see watch look listen imagine check bring take find let try remember notice notices alone afraid awake asleep
`)

/** Adjectives kept in front of a noun in a subject phrase ("fresh bread", "old lighthouse"). */
export const ADJECTIVES = words(`
fresh warm hot cold golden old young ancient modern tiny huge small big little tall giant quiet busy crowded
empty bright dark red orange yellow green blue purple pink white black silver wooden stone glass lonely happy
wild gentle soft crispy crusty sweet salty homemade handmade local secret hidden lost broken shiny colourful
colorful rainy snowy sunny misty foggy stormy narrow wide steep deep shallow sleepy lively vintage rustic cozy cosy
family-run famous quick slow careful patient unseen tiled cobbled sandy rocky frozen electric mechanical digital
steady sharp large clean clear heavy great round smooth rough thick thin strong early late final calm bare
`)

/** Nouns read without an article ("fresh bread", not "a fresh bread"). */
export const MASS_NOUNS = words(`
bread coffee tea water milk rain snow light sunlight music food wine beer sand dough flour sugar butter chocolate
money time love hope fire smoke steam traffic grass art history technology nature power energy gold silver
silence darkness sunlight moonlight fog mist rice pasta soup honey salt oil ice
`)

/** Words ending in -ly or -ing that are nouns, not adverbs or verbs. */
export const NOUN_EXCEPTIONS = words(`
family butterfly italy july jelly belly lily holly ally rally assembly supply fly
morning evening building ceiling thing king ring spring wedding painting string wing swing sibling
clothing meeting ending beginning opening feeling offering drawing setting wedding pudding
`)

/** Nouns too abstract to picture; a description skips them for the concrete words around them. */
export const ABSTRACT_NOUNS = words(`
smell scent sound taste idea ideas story stories moment moments minute minutes hour hours second seconds day days
week weeks month months year years life reason reasons kind type piece number amount end middle side top bottom
hand hands name names finish start origin origins detail details scale fact facts question questions answer answers problem problems step steps tip tips secret secrets
way world people person thing part point place time times lot example experience chance value quality
`)

/** Weather words that are nouns, so they can be the object of a scene ("watching the storm"). */
export const WEATHER_NOUNS = words('storm rain snow fog mist sun sunshine clouds wind thunder lightning')

/** Verbs that open an instruction ("Knead the dough", "Picture the crowd"): never the subject there. */
export const IMPERATIVES = words(`
start begin find take make bring put add mix stir pour knead bake cook serve taste check look see watch listen
picture imagine follow stay step pack prepare wash chop set climb wander head visit come try remember meet
say give keep let grab open close turn walk run join discover explore save share get enjoy order plan
`)
