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

/** "85 s", or "85 s and the brand's cards 5 s" when the video has cards. */
const withCards = (scenes: string, cardSeconds: number) =>
  cardSeconds > 0 ? `${scenes} and the brand's cards ${formatSeconds(cardSeconds)}` : scenes

const formatSeconds = (seconds: number) => `${Math.round(seconds * 10) / 10} s`

/**
 * Why a storyboard's planned length, with the brand's opening and closing cards (getBrandCardSeconds), is more
 * than a video may last; undefined while it fits. Without cards this is the storyboard's own limit.
 */
export function getVideoLengthProblem(scenes: readonly Scene[], cardSeconds = 0): string | undefined {
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0)
  if (total + cardSeconds <= VIDEO_MAX_SECONDS + 1e-6) return undefined
  if (cardSeconds <= 0)
    return `The scenes add up to ${total.toFixed(1)} s; a video can last at most ${VIDEO_MAX_SECONDS} s.`
  return (
    `The scenes add up to ${total.toFixed(1)} s and the brand's cards ${cardSeconds.toFixed(1)} s, ` +
    `${(total + cardSeconds).toFixed(1)} s in all; a video can last at most ${VIDEO_MAX_SECONDS} s. Shorten the ` +
    'storyboard or turn a card off.'
  )
}

/**
 * Why a storyboard's speech, as measured, makes its video longer than a video may be, naming the scenes it
 * lengthened; undefined while it fits. `spoken` holds the scenes voiced so far, each as long as its speech
 * needs, and the others count at their planned length, so a render can stop as soon as the scenes voiced
 * make it too long, before voicing the rest or drawing anything. `cardSeconds`: the brand's cards, which count
 * toward the video's length (a voiced closing card as long as its speech, once measured).
 */
export function getSpokenLengthProblem(
  planned: readonly Scene[],
  spoken: readonly Scene[],
  cardSeconds = 0,
): string | undefined {
  const lengths = planned.map((scene, index) => spoken[index]?.duration ?? scene.duration)
  const sceneSeconds = lengths.reduce((sum, length) => sum + length, 0)
  const seconds = sceneSeconds + cardSeconds
  if (seconds <= SPOKEN_VIDEO_MAX_SECONDS) return undefined
  const grown = planned.flatMap((scene, index) => ((lengths[index] ?? 0) > scene.duration ? [index] : []))
  const added = grown.reduce((sum, index) => sum + (lengths[index] ?? 0) - (planned[index]?.duration ?? 0), 0)
  const atLeast = spoken.length < planned.length ? 'at least ' : ''
  const total = `${atLeast}${Math.round(seconds)} s`
  if (grown.length === 0) {
    const parts = withCards(`${atLeast}${Math.round(sceneSeconds)} s`, cardSeconds)
    return (
      `The scenes add up to ${parts}, and a video lasts at most ${VIDEO_MAX_SECONDS} s. Shorten the storyboard` +
      `${cardSeconds > 0 ? ' or turn a card off' : ''}.`
    )
  }
  const one = grown.length === 1
  return (
    `${one ? 'Scene' : 'Scenes'} ${listNumbers(grown.map((index) => index + 1))} ${one ? 'runs' : 'run'} too long: ` +
    `spoken, ${one ? 'its' : 'their'} narration takes ${Math.round(added)} s more than the storyboard gives ` +
    `${one ? 'it' : 'them'}, so the video would last ${total}${cardSeconds > 0 ? " with the brand's cards" : ''}, ` +
    `over the ${VIDEO_MAX_SECONDS} s limit. Shorten ${one ? 'its' : 'their'} narration (a word a voice cannot ` +
    'read is spelled out, letter by letter) or remove scenes.'
  )
}
