// The package ships plain JavaScript: its one function, as its README documents it.
declare module 'indefinite' {
  /** "an apple", "a university"; with `articleOnly` just "an" or "a". */
  export default function indefinite(word: string, options?: { articleOnly?: boolean; capitalize?: boolean }): string
}
