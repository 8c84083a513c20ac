import { CopyIcon } from './ui/icons.tsx'

/**
 * A titled block of code with a copy button. Plain markup, so it can live in a static island: the page installs
 * lib/copy-code.ts to make the buttons work. Long lines scroll inside the block rather than widening the page.
 */
export function CodeBlock({ title, code, language }: { title: string; code: string; language?: string }) {
  return (
    <figure data-code-block className="mt-4 min-w-0 overflow-hidden rounded-2xl border border-line bg-[#0d0b1a]">
      <figcaption className="flex items-center justify-between gap-3 border-b border-white/10 px-4 py-2">
        <span className="min-w-0 truncate text-xs font-semibold tracking-wide text-white/70">{title}</span>
        <button
          type="button"
          data-copy-code
          aria-label={`Copy: ${title}`}
          className="group inline-flex shrink-0 items-center gap-1.5 rounded-full border border-white/15 px-3 py-1 text-xs font-semibold text-white/80 transition-colors hover:border-white/40 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]"
        >
          <CopyIcon className="h-3.5 w-3.5" />
          <span className="group-data-copied:hidden">Copy</span>
          <span className="hidden group-data-copied:inline">Copied</span>
        </button>
      </figcaption>
      <pre
        // A block that scrolls sideways must take focus, or a keyboard cannot scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="overflow-x-auto px-4 py-3.5 text-[13px] leading-relaxed text-[#e6e1ff] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-[var(--accent)]"
      >
        <code className="font-mono" data-language={language}>
          {code}
        </code>
      </pre>
      <span role="status" data-copy-status className="sr-only" />
    </figure>
  )
}
