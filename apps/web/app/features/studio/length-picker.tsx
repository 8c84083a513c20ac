import { VIDEO_MAX_SECONDS, VIDEO_MIN_SECONDS, type SourceCheck } from '@storyreel/contracts/studio'

import { CHOICE_CARD_CLASS, HIDDEN_INPUT_CLASS } from './choice-list.tsx'
import { TargetLengthField } from './settings-controls.tsx'

export type LengthMode = 'prompt' | 'chosen'

/** "2 minutes", "20 s": a prompt's own length back in plain words. */
function formatAsked(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`
  return `${seconds} s`
}

/** What "As the prompt says" comes to for this prompt, in a sentence. */
export function describePromptLength(length: SourceCheck['prompt_length'] | undefined, fallback: number): string {
  if (!length) return `Your prompt names no length yet, so ${fallback} s.`
  const { phrase, asked_seconds: asked, seconds } = length
  if (asked > VIDEO_MAX_SECONDS) {
    return `Your prompt asks for ${formatAsked(asked)} (“${phrase}”); a video lasts at most ${VIDEO_MAX_SECONDS} s, so ${seconds} s.`
  }
  if (asked < VIDEO_MIN_SECONDS) {
    return `Your prompt asks for ${formatAsked(asked)} (“${phrase}”); a video lasts at least ${VIDEO_MIN_SECONDS} s, so ${seconds} s.`
  }
  return `${seconds} s, from “${phrase}” in your prompt.`
}

/** The seconds the video will be made for, as the create form's summary shows them. */
export function getPlannedSeconds(mode: LengthMode, check: SourceCheck | undefined, chosen: number): number {
  return mode === 'prompt' ? (check?.prompt_length?.seconds ?? chosen) : chosen
}

/**
 * The create form's length for a prompt: as the prompt says ("a 20 second ad" → 20 s; the API reads the same
 * words when the project is made), or a length chosen on the slider.
 */
export function PromptLengthPicker({
  mode,
  onModeChange,
  check,
  targetSeconds,
  onTargetChange,
}: {
  mode: LengthMode
  onModeChange: (mode: LengthMode) => void
  check: SourceCheck | undefined
  targetSeconds: number
  onTargetChange: (seconds: number) => void
}) {
  const choices: [LengthMode, string, string][] = [
    ['prompt', 'As the prompt says', describePromptLength(check?.prompt_length, targetSeconds)],
    ['chosen', 'Choose the length', 'Set it on the slider.'],
  ]
  return (
    <div className="space-y-3">
      <div className="grid gap-2 tablet:grid-cols-2" role="radiogroup" aria-label="Length from">
        {choices.map(([value, title, detail]) => (
          <label key={value} className={`${CHOICE_CARD_CLASS} flex-col gap-0.5 px-3.5 py-3`}>
            <input
              type="radio"
              name="length_mode"
              value={value}
              checked={mode === value}
              onChange={() => onModeChange(value)}
              className={HIDDEN_INPUT_CLASS}
            />
            <span className="text-sm font-semibold text-ink">{title}</span>
            <span className="text-xs leading-snug text-muted" aria-live={value === 'prompt' ? 'polite' : undefined}>
              {detail}
            </span>
          </label>
        ))}
      </div>
      {mode === 'chosen' ? <TargetLengthField value={targetSeconds} onChange={onTargetChange} /> : null}
    </div>
  )
}
