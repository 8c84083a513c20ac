import { useRef, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react'

/**
 * Six single-digit boxes that behave like one field: typing moves on, Backspace moves back, arrows move,
 * and pasting a code (from anywhere, any box) fills them all.
 */
export function CodeInput({
  length,
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
  labelledBy,
  describedBy,
  groupRef,
}: {
  length: number
  value: string
  onChange: (value: string) => void
  onComplete?: (value: string) => void
  disabled?: boolean
  invalid?: boolean
  labelledBy: string
  /** The id of an inline problem shown with the boxes, read out with each of them. */
  describedBy?: string | undefined
  groupRef?: RefObject<HTMLDivElement | null>
}) {
  const inputs = useRef<Array<HTMLInputElement | null>>([])
  const digits = Array.from({ length }, (_, index) => value[index] ?? '')

  const focus = (index: number) => inputs.current[Math.max(0, Math.min(length - 1, index))]?.focus()
  const update = (next: string, focusIndex: number) => {
    const clean = next.replace(/\D/g, '').slice(0, length)
    onChange(clean)
    focus(focusIndex)
    if (clean.length === length) onComplete?.(clean)
  }

  function onInput(index: number, typed: string) {
    const incoming = typed.replace(/\D/g, '')
    if (!incoming) return
    // A phone's one-time-code autofill types the whole code into one box.
    const next = (value.slice(0, index) + incoming + value.slice(index + incoming.length)).slice(0, length)
    update(next, index + incoming.length)
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault()
      if (digits[index]) update(value.slice(0, index) + value.slice(index + 1), index)
      else if (index > 0) update(value.slice(0, index - 1) + value.slice(index), index - 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focus(index + 1)
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, length)
    if (!pasted) return
    event.preventDefault()
    update(pasted, pasted.length)
  }

  return (
    <div
      ref={groupRef}
      role="group"
      aria-labelledby={labelledBy}
      className="flex justify-between gap-2 mobileWide:gap-3"
    >
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element
          }}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={length}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={digit}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          className={`h-14 w-full min-w-0 max-w-14 rounded-xl border bg-surface text-center text-2xl font-semibold tabular-nums text-ink transition-colors focus:border-accent focus:outline-none disabled:opacity-60 mobileWide:h-16 ${
            invalid ? 'border-rose-400/70' : 'border-line'
          }`}
        />
      ))}
    </div>
  )
}
