// The stemmers of nlp.js's language packages (MIT), which ship no types: Snowball stemmers for Spanish,
// French, German, Italian, Portuguese and Dutch, and a light Hindi stemmer.
type NlpjsStemmer = { stemWord(word: string): string }
declare module '@nlpjs/lang-es' {
  export const StemmerEs: new () => NlpjsStemmer
}
declare module '@nlpjs/lang-fr' {
  export const StemmerFr: new () => NlpjsStemmer
}
declare module '@nlpjs/lang-de' {
  export const StemmerDe: new () => NlpjsStemmer
}
declare module '@nlpjs/lang-it' {
  export const StemmerIt: new () => NlpjsStemmer
}
declare module '@nlpjs/lang-pt' {
  export const StemmerPt: new () => NlpjsStemmer
}
declare module '@nlpjs/lang-nl' {
  export const StemmerNl: new () => NlpjsStemmer
}
declare module '@nlpjs/lang-hi' {
  export const StemmerHi: new () => NlpjsStemmer
}
