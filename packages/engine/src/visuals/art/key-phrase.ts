/** The words set large on a scene with nothing to draw. */

/** The clause to set large on a scene with nothing to draw: a whole phrase, never a cut one. */
/** A clause that only says when ("Every day", "One morning") is not what a scene is about. */
export const TIME_ONLY =
  /^(?:every|each|one|some|this|that|next|last|early|late)\s+(?:day|night|morning|afternoon|evening|week|weekend|year|summer|winter|spring|autumn|time)s?$/i

export const PHRASE_OPENERS =
  /^(a|an|the|one|this|that|these|those|every|each|some|any|my|your|our|their|his|her|its)$/i

export function keyPhraseOf(text: string): string {
  const sentence = (text.match(/[^.!?]+[.!?]?/)?.[0] ?? text).trim()
  const clauses = sentence
    .replace(/^(first|then|next|finally|now|so|and|but|also|lastly|after that)\b[,\s]*/i, '')
    .split(/\s*(?:[,;:—–]|\s-\s|\band\b|\bbut\b)\s*/i)
    .map((clause) => clause.replace(/[.!?]+$/, '').trim())
    .filter((clause) => clause.split(/\s+/).length >= 2 && !TIME_ONLY.test(clause))
  const short = (clause: string) => clause.split(/\s+/).length <= 7
  // A long clause keeps its main part, before the clause it runs into: "Your small business deserves a website"
  // of "…a website that sells while you sleep".
  const mainParts = clauses
    .map((clause) => clause.split(/\s+(?:that|which|who|while|when|where|because|until|unless|if)\s+/i)[0] ?? '')
    .filter((part) => part.split(/\s+/).length >= 3)
  // Else what the sentence is about, before its verb: "Five minutes of stretching" (can wake up your body).
  const subjects = clauses
    .map((clause) => clause.split(/\s+(?:can|could|will|would|should|may|might|must|is|are|was|were|has|have)\s+/i))
    .filter((parts) => parts.length > 1)
    .map((parts) => parts[0] ?? '')
    // "Recycling one can saves…" has no subject "Recycling one": a phrase never ends on a determiner.
    .filter((part) => part.split(/\s+/).length >= 2 && !PHRASE_OPENERS.test(part.split(/\s+/).at(-1) ?? ''))
  const fitting = clauses.find(short) ?? mainParts.find(short) ?? subjects.find(short)
  const chosen = fitting ?? sentence.replace(/[.!?]+$/, '')
  const words = chosen.split(/\s+/)
  const phrase = words.length <= 9 ? chosen : ''
  return phrase ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : ''
}
