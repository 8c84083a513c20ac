import { Logo } from './logo.tsx'
import { CloseIcon } from './ui/chrome-icons.tsx'

/** The top of a slide-out menu: the logo, inert, and the button that closes the menu. */
export function MenuTitleBar({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex items-center justify-between">
      <Logo clickable={false} />
      <button
        type="button"
        className="grid h-11 w-11 place-items-center rounded-full border border-line text-ink"
        aria-label="Close menu"
        onClick={onClose}
      >
        <CloseIcon className="h-5 w-5" />
      </button>
    </div>
  )
}
