import { useRef, useState } from 'react'
import { Link } from 'react-router'

import type { BrandKit } from '@storyreel/contracts/brand-kit'
import { BRAND_FONT_MAX_BYTES, type Plan } from '@storyreel/contracts/plans'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { AlertIcon, TrashIcon, UploadIcon } from '#app/components/ui/icons.tsx'
import { formatSize } from '#app/lib/format-size.ts'

import { brandKitApi } from './brand-kit-api.ts'
import { FIELD_IDS } from './brand-kit-draft.ts'

const FONT_ACCEPT = '.ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2'

/**
 * The brand font: a paid plan's. It is saved the moment it is uploaded or removed (it has its own calls), so it
 * is never part of the page's unsaved changes. The API gives no link to the file, so the page names the font
 * rather than drawing with it.
 */
export function FontSection({
  plan,
  font,
  onSaved,
}: {
  /** Undefined while the plan is not known: the upload is offered, and the API says if the plan lacks it. */
  plan: Plan | undefined
  font: BrandKit['font']
  onSaved: (kit: BrandKit) => void
}) {
  const [busy, setBusy] = useState<'uploading' | 'removing'>()
  const [percent, setPercent] = useState(0)
  const [error, setError] = useState<string>()
  const inputRef = useRef<HTMLInputElement>(null)
  const errorId = `${FIELD_IDS.font}-error`

  const run = (action: 'uploading' | 'removing', call: () => Promise<BrandKit>) => {
    setError(undefined)
    setBusy(action)
    call()
      .then(onSaved, (reason: unknown) =>
        setError(reason instanceof Error ? reason.message : 'The font could not be saved. Please try again.'),
      )
      .finally(() => setBusy(undefined))
  }

  const upload = (file: File) => {
    if (file.size > BRAND_FONT_MAX_BYTES) {
      setError(`This file is ${formatSize(file.size)}; a font may be up to ${formatSize(BRAND_FONT_MAX_BYTES)}.`)
      return
    }
    setPercent(0)
    run('uploading', () =>
      brandKitApi.uploadFont(file, (loaded, total) => setPercent(Math.round((loaded / Math.max(1, total)) * 100))),
    )
  }

  return (
    <section aria-labelledby="brand-font-title" className="glass rounded-3xl p-5 tablet:p-7">
      <h2 id="brand-font-title" className="text-lg font-bold text-ink">
        Font
      </h2>
      {plan === 'free' ? (
        <div className="mt-3 rounded-2xl border border-line bg-surface/70 p-4">
          <p className="text-sm text-ink">
            <span className="font-semibold">Your own font comes with a paid plan.</span> Free-plan videos use our fonts,
            with your logo, colours and cards.
          </p>
          <Link to="/pricing" className="btn-secondary mt-3 px-4 py-2 text-sm">
            See plans
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Used for your captions and the words on your cards. TrueType, OpenType, WOFF or WOFF2, up to{' '}
            {formatSize(BRAND_FONT_MAX_BYTES)}. A font is saved as soon as it is uploaded.
          </p>
          <div className="mt-4 flex flex-col gap-4 rounded-2xl border border-line bg-surface/70 p-4 tablet:flex-row tablet:items-center">
            <div className="min-w-0 flex-1">
              {font ? (
                <>
                  <p className="truncate text-base font-semibold text-ink" data-testid="brand-font-family">
                    {font.family}
                  </p>
                  <p className="text-xs text-muted">{font.format.toUpperCase()} · in your captions and cards</p>
                </>
              ) : (
                <>
                  <p className="text-sm font-semibold text-ink">No font yet</p>
                  <p className="text-xs text-muted">Videos use the fonts of the style you choose.</p>
                </>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                id={FIELD_IDS.font}
                type="button"
                className="btn-secondary px-4 py-2 text-sm"
                disabled={busy !== undefined}
                aria-describedby={error ? errorId : undefined}
                onClick={() => inputRef.current?.click()}
              >
                {busy === 'uploading' ? <Spinner /> : <UploadIcon className="h-4 w-4" />}
                {busy === 'uploading'
                  ? percent >= 100
                    ? 'Reading the font…'
                    : `Uploading ${percent} %`
                  : font
                    ? 'Replace font'
                    : 'Upload a font'}
              </button>
              {font ? (
                <button
                  type="button"
                  className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-muted hover:text-ink disabled:opacity-60"
                  disabled={busy !== undefined}
                  onClick={() => run('removing', () => brandKitApi.deleteFont())}
                >
                  {busy === 'removing' ? <Spinner /> : <TrashIcon className="h-4 w-4" />}
                  Remove font
                </button>
              ) : null}
            </div>
            <input
              ref={inputRef}
              type="file"
              accept={FONT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label="Choose a font file to upload"
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file) upload(file)
              }}
            />
          </div>
          {error ? (
            <p
              id={errorId}
              role="alert"
              className="mt-3 flex gap-2 rounded-2xl border border-rose-400/50 bg-rose-50 p-3 text-sm text-rose-800 dark:border-rose-300/30 dark:bg-rose-400/10 dark:text-rose-300"
            >
              <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
              {error}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
