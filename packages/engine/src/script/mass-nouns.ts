/**
 * Nouns said without "a" when they name a substance or a mass ("water in bright daylight", "fresh bread"),
 * which the tagger does not mark as uncountable on their own ("coffee", "rain", "oil" read alone as verbs).
 * Only nouns whose everyday sense in a picture is the mass: "a coffee" (a cup of it) is still said as "coffee".
 */
export const MASS_NOUNS: ReadonlySet<string> = new Set(
  `water bread coffee tea milk juice wine beer oil butter cheese honey sugar salt flour rice
  pasta soup chocolate dough yeast cream yogurt yoghurt meat pork beef bacon ham seafood garlic ginger
  jam toast cereal granola popcorn fruit
  rain snow fog mist hail ice steam smoke lava sand mud dust dirt soil grass moss ivy wood timber
  marble concrete gold silver copper steel plastic paper cardboard cotton wool silk leather
  linen denim clay wax soap shampoo paint ink
  music art software hardware furniture equipment luggage jewellery jewelry clothing laundry traffic
  electricity energy sunlight moonlight starlight darkness weather air oxygen space
  information advice knowledge news research homework money cash love fear hope`.split(/\s+/),
)
