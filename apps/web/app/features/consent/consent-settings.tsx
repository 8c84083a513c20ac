import { useEffect, useId, useRef, useState } from 'react'

import type { ConsentChoice } from '#app/lib/analytics.ts'

/**
 * "Choose": a modal <dialog> (the browser traps focus, Escape cancels, focus returns to the opener) with
 * one real choice, analytics, beside the storage the site cannot work without. Mounted only while open,
 * so each opening starts from the stored choice.
 */
export function ConsentSettings({
  choice,
  onChoose,
  onClose,
}: {
  choice: ConsentChoice | undefined
  onChoose: (choice: ConsentChoice) => void
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const analyticsId = useId()
  const [analytics, setAnalytics] = useState(choice === 'granted')

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const finish = (next?: ConsentChoice) => {
    // close() first, while the dialog is still in the page, so the browser hands focus back to the opener.
    ref.current?.close()
    if (next) onChoose(next)
    else onClose()
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(94vw,32rem)] rounded-3xl border border-line bg-raised p-0 text-ink shadow-2xl shadow-black/60 backdrop:bg-black/70"
      onClose={() => onClose()}
    >
      <form
        method="dialog"
        className="p-6 tablet:p-7"
        onSubmit={(event) => {
          event.preventDefault()
          finish(analytics ? 'granted' : 'denied')
        }}
      >
        <h2 id={titleId} className="text-lg font-bold">
          Cookie settings
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          Choose what this browser may keep for us. You can change your mind any time from the footer.
        </p>
        <ul className="mt-5 grid gap-3">
          <li className="rounded-2xl border border-line bg-surface/70 p-4">
            <div className="flex items-center justify-between gap-4">
              <h3 className="text-sm font-semibold">Strictly necessary</h3>
              <span className="rounded-full bg-canvas px-2.5 py-1 text-xs font-medium text-muted">Always on</span>
            </div>
            <p className="mt-1.5 text-sm leading-relaxed text-muted">
              Keeps you signed in and remembers your display mode, offers and this choice. Nothing leaves your device
              for it.
            </p>
          </li>
          <li className="rounded-2xl border border-line bg-surface/70 p-4">
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={analyticsId} className="text-sm font-semibold">
                Analytics
              </label>
              <span className="relative inline-flex">
                <input
                  id={analyticsId}
                  type="checkbox"
                  role="switch"
                  checked={analytics}
                  aria-describedby={`${analyticsId}-description`}
                  className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
                  onChange={(event) => setAnalytics(event.currentTarget.checked)}
                />
                <span
                  aria-hidden="true"
                  className="pointer-events-none h-7 w-12 rounded-full border border-line bg-canvas transition-colors peer-checked:border-transparent peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-accent"
                />
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute left-1 top-1 h-5 w-5 rounded-full bg-muted shadow transition-transform duration-150 ease-out-cubic peer-checked:translate-x-5 peer-checked:bg-white"
                />
              </span>
            </div>
            <p id={`${analyticsId}-description`} className="mt-1.5 text-sm leading-relaxed text-muted">
              Loads Google Tag Manager so Google Analytics can count visits, downloads and sign-ups. Advertising signals
              stay off either way.
            </p>
          </li>
        </ul>
        <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
          <button
            type="button"
            className="rounded-full px-4 py-2.5 text-sm font-semibold text-muted transition-colors hover:text-ink"
            onClick={() => finish()}
          >
            Cancel
          </button>
          <button type="submit" className="btn-secondary grow px-5 py-2.5 text-sm tablet:grow-0">
            Save choices
          </button>
          <button
            type="button"
            className="btn-primary grow px-5 py-2.5 text-sm tablet:grow-0"
            onClick={() => finish('granted')}
          >
            Accept all
          </button>
        </div>
      </form>
    </dialog>
  )
}
