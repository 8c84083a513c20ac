import type { ReactNode, RefObject } from 'react'

import { CloseIcon } from './icons.tsx'

/**
 * The large modal of the studio's pickers (the media library, stock media): a native <dialog> (focus trapped,
 * Escape closes, focus goes back to the opener) whose body mounts only while it is open.
 */
export function PickerDialog({
  dialogRef,
  titleId,
  open,
  onClose,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>
  titleId: string
  open: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="m-auto max-h-[min(92dvh,52rem)] w-[min(96vw,60rem)] flex-col rounded-3xl border border-line bg-raised p-0 text-ink shadow-2xl backdrop:bg-black/70 open:flex"
      onClose={onClose}
    >
      {open ? children : null}
    </dialog>
  )
}

/** A picker's heading, what it offers in a line, and its close button. */
export function PickerHeader({
  titleId,
  title,
  children,
  onClose,
}: {
  titleId: string
  title: string
  children: ReactNode
  onClose: () => void
}) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-line px-4 pt-4 pb-3 tablet:px-6 tablet:pt-5">
      <div className="min-w-0">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <p className="text-sm text-muted">{children}</p>
      </div>
      <button
        type="button"
        className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink"
        aria-label="Close"
        onClick={onClose}
      >
        <CloseIcon className="h-5 w-5" />
      </button>
    </div>
  )
}
