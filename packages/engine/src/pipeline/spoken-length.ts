import { VIDEO_MAX_SECONDS, type Scene } from '@storyreel/contracts/studio'

/**
 * A render lengthens a scene too short for its measured speech rather than cut it, so a video may run a
 * little past its storyboard: by a voice's few percent off its declared pace, never by more than this
 * (decision 045).
 */
export const SPOKEN_OVERRUN_MAX = 0.1
export const SPOKEN_VIDEO_MAX_SECONDS = Math.round(VIDEO_MAX_SECONDS * (1 + SPOKEN_OVERRUN_MAX))

const listNumbers = (numbers: number[]) =>
  new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(numbers.map(String))

/**
 * Why a storyboard's speech, as measured, makes its video longer than a video may be, naming the scenes it
 * lengthened; undefined while it fits. `spoken` holds the scenes voiced so far, each as long as its speech
 * needs, and the others count at their planned length, so a render can stop as soon as the scenes voiced
 * make it too long, before voicing the rest or drawing anything.
 */
export function getSpokenLengthProblem(planned: readonly Scene[], spoken: readonly Scene[]): string | undefined {
  const lengths = planned.map((scene, index) => spoken[index]?.duration ?? scene.duration)
  const seconds = lengths.reduce((sum, length) => sum + length, 0)
  if (seconds <= SPOKEN_VIDEO_MAX_SECONDS) return undefined
  const grown = planned.flatMap((scene, index) => ((lengths[index] ?? 0) > scene.duration ? [index] : []))
  const added = grown.reduce((sum, index) => sum + (lengths[index] ?? 0) - (planned[index]?.duration ?? 0), 0)
  const total = `${spoken.length < planned.length ? 'at least ' : ''}${Math.round(seconds)} s`
  if (grown.length === 0) {
    return `The scenes add up to ${total}, and a video lasts at most ${VIDEO_MAX_SECONDS} s. Shorten the storyboard.`
  }
  const one = grown.length === 1
  return (
    `${one ? 'Scene' : 'Scenes'} ${listNumbers(grown.map((index) => index + 1))} ${one ? 'runs' : 'run'} too long: ` +
    `spoken, ${one ? 'its' : 'their'} narration takes ${Math.round(added)} s more than the storyboard gives ` +
    `${one ? 'it' : 'them'}, so the video would last ${total}, over the ${VIDEO_MAX_SECONDS} s limit. Shorten ` +
    `${one ? 'its' : 'their'} narration (a word a voice cannot read is spelled out, letter by letter) or remove scenes.`
  )
}
