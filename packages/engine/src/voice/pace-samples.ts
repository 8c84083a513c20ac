/**
 * A short story paragraph per language (about 50 words, commas and full stops as narration has them), on which
 * each voice's pace at speed 1 is measured: its `wordsPerSecond` is what it takes to say one of these.
 */
export const PACE_SAMPLES: Record<string, string> = {
  en: 'Every night, old Tom climbed the hundred steps of the lighthouse. He lit the lamp, wiped the glass, and watched the dark sea. One stormy morning, a green bottle washed up on the rocks below. Inside was a letter, folded small and sealed with wax. It was addressed to him.',
  es: 'Cada noche, el viejo Tomás subía los cien escalones del faro. Encendía la lámpara, limpiaba el cristal y miraba el mar oscuro. Una mañana de tormenta, una botella verde llegó a las rocas. Dentro había una carta, doblada y sellada con cera. Estaba dirigida a él.',
  fr: 'Chaque soir, le vieux Thomas montait les cent marches du phare. Il allumait la lampe, essuyait la vitre et regardait la mer sombre. Un matin de tempête, une bouteille verte échoua sur les rochers. Dedans, il y avait une lettre, pliée et scellée à la cire. Elle lui était adressée.',
  de: 'Jeden Abend stieg der alte Thomas die hundert Stufen des Leuchtturms hinauf. Er zündete die Lampe an, putzte das Glas und sah auf das dunkle Meer. An einem stürmischen Morgen lag eine grüne Flasche auf den Felsen. Darin war ein Brief, klein gefaltet und mit Wachs versiegelt. Er war an ihn gerichtet.',
  it: 'Ogni sera, il vecchio Tommaso saliva i cento gradini del faro. Accendeva la lampada, puliva il vetro e guardava il mare scuro. Una mattina di tempesta, una bottiglia verde arrivò sugli scogli. Dentro c’era una lettera, piegata e sigillata con la cera. Era indirizzata a lui.',
  pt: 'Todas as noites, o velho Tomás subia os cem degraus do farol. Acendia a lâmpada, limpava o vidro e olhava o mar escuro. Numa manhã de tempestade, uma garrafa verde chegou às pedras. Dentro havia uma carta, dobrada e selada com cera. Ela era endereçada a ele.',
  hi: 'हर रात बूढ़ा टॉम प्रकाशस्तंभ की सौ सीढ़ियाँ चढ़ता था। वह दीपक जलाता, शीशा साफ़ करता और अँधेरे समुद्र को देखता था। एक तूफ़ानी सुबह, एक हरी बोतल चट्टानों पर आ गई। उसके अंदर एक चिट्ठी थी, मोड़ी हुई और मोम से बंद। वह उसी के नाम थी।',
  nl: 'Elke avond klom de oude Tom de honderd treden van de vuurtoren op. Hij stak de lamp aan, poetste het glas en keek naar de donkere zee. Op een stormachtige ochtend lag er een groene fles op de rotsen. Erin zat een brief, klein gevouwen en verzegeld met was. Hij was aan hem gericht.',
}
