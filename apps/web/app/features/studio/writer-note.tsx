import { AlertIcon, SparkIcon } from '#app/components/ui/icons.tsx'

/** "2", "2 and 3", "2, 3 and 4". */
export function listNumbers(numbers: number[]): string {
  if (numbers.length <= 1) return numbers.join('')
  return `${numbers.slice(0, -1).join(', ')} and ${String(numbers.at(-1))}`
}

/**
 * Step 1: what the storyboard drafted from the text will be, and what it can and cannot know. Said as what the
 * user gets (a first draft to edit), never as how the server is set up: that stays in the README and the admin
 * console.
 */
export function ScriptWriterInfo({
  writer,
  kind,
}: {
  writer: 'offline' | 'hosted' | undefined
  kind: 'prompt' | 'script'
}) {
  if (kind === 'script') {
    return (
      <p className="mt-3 text-xs leading-relaxed text-muted" data-testid="script-writer-info">
        Your words are kept as written and split into scenes sized to the voice. A script may run up to 1.5 times the
        length you choose, and at most 90 s; a longer one is refused with its word count.
      </p>
    )
  }
  // Until the server says, the default offline note holds its room unseen, so the form below does not jump.
  if (writer === undefined) return <OfflineWriterInfo reserveOnly />
  if (writer === 'hosted') {
    return (
      <div
        className="mt-3 flex gap-3 rounded-2xl border border-line bg-surface/60 p-3.5 text-sm"
        data-testid="script-writer-info"
      >
        <SparkIcon className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
        <p className="text-muted">
          <span className="font-semibold text-ink">An AI writer drafts this storyboard.</span> It writes specifics and
          facts from its own knowledge: check names, numbers and claims before you post.
        </p>
      </div>
    )
  }
  return <OfflineWriterInfo />
}

function OfflineWriterInfo({ reserveOnly = false }: { reserveOnly?: boolean }) {
  return (
    <div
      className={`mt-3 rounded-2xl border border-line bg-surface/60 p-3.5 text-sm ${reserveOnly ? 'invisible' : ''}`}
      aria-hidden={reserveOnly || undefined}
      data-testid={reserveOnly ? undefined : 'script-writer-info'}
    >
      <p className="flex items-start gap-2 font-semibold text-ink">
        <SparkIcon className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
        You get a first draft to edit
      </p>
      <ul className="mt-2 space-y-1.5 text-muted">
        <li>
          <span className="text-ink">Ads, stories, travel videos, tips and events</span> are written in full, in general
          terms true of any such subject. Add what makes yours different: names, prices, dates.
        </li>
        <li>
          <span className="text-ink">Explainers, how-tos, recipes and facts</span> need knowledge it does not have: it
          writes the opening and the close and marks where your own words go.
        </li>
      </ul>
    </div>
  )
}

/**
 * The storyboard of an offline draft from a prompt: which scenes still wait for the user's words, or that
 * the draft is written in general terms.
 */
export function WriterNote({ awaiting }: { awaiting: number[] }) {
  if (awaiting.length === 0) {
    return (
      <div className="mt-3 max-w-3xl" data-testid="writer-note">
        <p className="text-sm text-muted">
          A first draft in general terms: no names, prices, dates or facts it could not know. Make it yours by adding
          what only you can say.
        </p>
      </div>
    )
  }
  const scenes = awaiting.length === 1 ? `scene ${awaiting[0]}` : `scenes ${listNumbers(awaiting)}`
  return (
    <div
      role="note"
      data-testid="writer-note"
      className="mt-4 flex max-w-3xl gap-3 rounded-2xl border border-amber-400/50 bg-amber-50 p-4 text-sm dark:border-amber-300/30 dark:bg-amber-300/10"
    >
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300" />
      <div>
        <p className="font-semibold text-ink">This video needs your words in {scenes}.</p>
        <p className="mt-1 text-muted">
          This first draft was written without an AI model, so it does not know the facts this video explains. It wrote
          the opening and the close and left an <span className="whitespace-nowrap">[In your own words …]</span> prompt
          that says what to cover and how many words fit. Replace each prompt with what the voice should say; the video
          renders once none is left.
        </p>
      </div>
    </div>
  )
}
