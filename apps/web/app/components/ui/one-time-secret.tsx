import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

import { CopyIcon } from './icons.tsx'

/**
 * A secret shown this once, because the server keeps only its hash or hands it out one time: focus moves to the
 * heading, the whole secret is selectable and copyable, and "I’ve saved it" puts it away for good.
 */
export function OneTimeSecret({
  title,
  secret,
  noun,
  fieldLabel,
  children,
  note,
  onDone,
}: {
  title: string
  secret: string
  /** What the secret is called in the field's label and the copy messages: "key", "signing secret". */
  noun: string
  /** The field's label for screen readers: "Your new API key". */
  fieldLabel: string
  /** Why it matters and what to do with it. */
  children: ReactNode
  /** What to do with it next, under the secret. */
  note?: ReactNode
  onDone: () => void
}) {
  const [copied, setCopied] = useState<'yes' | 'failed'>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const secretId = useId()

  useEffect(() => headingRef.current?.focus(), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }

  return (
    <div
      role="region"
      aria-labelledby={`${secretId}-title`}
      className="mt-5 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-4 tablet:p-5"
    >
      <h3 id={`${secretId}-title`} ref={headingRef} tabIndex={-1} className="font-semibold text-ink outline-none">
        {title}
      </h3>
      <div className="mt-1 text-sm text-muted">{children}</div>
      <div className="mt-3 flex flex-col gap-2 tablet:flex-row">
        <label htmlFor={secretId} className="sr-only">
          {fieldLabel}
        </label>
        {/* A textarea, so a phone shows the whole secret on two lines rather than a scrolled slice of it. */}
        <textarea
          id={secretId}
          readOnly
          value={secret}
          spellCheck={false}
          rows={1}
          className="field-sizing-content min-w-0 flex-1 resize-none rounded-xl border border-line bg-surface px-3 py-2.5 font-mono text-sm break-all text-ink focus:border-accent focus:outline-none"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn-primary px-4 py-2.5 text-sm" onClick={() => void copy()}>
          <CopyIcon className="h-4 w-4" />
          {copied === 'yes' ? 'Copied' : `Copy ${noun}`}
        </button>
      </div>
      {note ? <div className="mt-3 text-sm text-muted">{note}</div> : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="min-w-0 flex-1 basis-48 text-sm text-muted">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? `Copying is blocked here: select the ${noun} and copy it yourself.`
              : ''}
        </p>
        <button type="button" className="btn-secondary ml-auto px-4 py-2 text-sm" onClick={onDone}>
          I’ve saved it
        </button>
      </div>
    </div>
  )
}
