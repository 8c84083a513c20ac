/**
 * Copy buttons of code blocks (components/code-block.tsx) without React: the blocks sit in static islands, so
 * one delegated listener copies the text of the block a button names, marks the button `data-copied` for a
 * moment (its CSS swaps the label) and says so to screen readers through the block's status line.
 */

const COPIED_MS = 2000

/** Starts listening on `root` (the document, or a part of it); returns the function that stops. */
export function installCodeCopyButtons(root: Document | HTMLElement): () => void {
  const timers = new Map<Element, ReturnType<typeof setTimeout>>()

  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-copy-code]') : null
    if (!(button instanceof HTMLButtonElement)) return
    const block = button.closest('[data-code-block]')
    const code = block?.querySelector('code')
    const status = block?.querySelector('[data-copy-status]')
    if (!code) return
    const done = (message: string, copied: boolean) => {
      if (status) status.textContent = message
      button.toggleAttribute('data-copied', copied)
      clearTimeout(timers.get(button))
      timers.set(
        button,
        setTimeout(() => {
          button.removeAttribute('data-copied')
          if (status) status.textContent = ''
        }, COPIED_MS),
      )
    }
    navigator.clipboard.writeText(code.textContent).then(
      () => done('Copied to the clipboard.', true),
      () => done('Copying is blocked here: select the code and copy it yourself.', false),
    )
  }

  root.addEventListener('click', onClick)
  return () => {
    root.removeEventListener('click', onClick)
    for (const timer of timers.values()) clearTimeout(timer)
  }
}
