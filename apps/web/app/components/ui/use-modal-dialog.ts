import { useEffect, useRef } from 'react'

/**
 * A native modal <dialog> that follows `open`: shown with showModal() (focus trapped, Escape closes, the page
 * behind inert) and closed when `open` turns false. Returns the ref to put on the <dialog>.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return ref
}
