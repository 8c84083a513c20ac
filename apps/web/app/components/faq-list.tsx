import type { ReactNode } from 'react'

export type FaqItem = { question: string; answer: ReactNode | string }

/**
 * The three looks the landing pages use: `cards` (home) are glass cards with the plus in a ring, `tiles`
 * (ambassador) are glass cards with a bare plus, and `panel` (pricing) is one bordered panel split by rules.
 */
const VARIANTS = {
  cards: {
    list: 'space-y-3',
    item: 'glass rounded-2xl px-6 py-1 open:border-accent/60',
    summary: 'gap-4 py-4',
    icon: 'h-7 w-7 rounded-full border border-line',
    glyph: 'h-3.5 w-3.5',
    strokeWidth: 2.4,
    answer: 'pb-5',
  },
  tiles: {
    list: 'grid gap-3',
    item: 'glass rounded-2xl',
    summary: 'gap-4 rounded-2xl px-6 py-5',
    icon: 'h-5 w-5',
    glyph: 'h-5 w-5',
    strokeWidth: 2,
    answer: 'px-6 pb-6',
  },
  panel: {
    list: 'divide-y divide-line rounded-3xl border border-line bg-surface/70',
    item: 'px-6 tablet:px-8',
    summary: 'gap-6 py-5',
    icon: 'h-8 w-8 rounded-full border border-line duration-200',
    glyph: 'h-4 w-4',
    strokeWidth: 2.2,
    answer: 'max-w-3xl pb-6',
  },
} as const

/** Questions as native disclosure widgets, so they work before (and without) JavaScript. */
export function FaqList({
  items,
  variant = 'cards',
  className = '',
}: {
  items: ReadonlyArray<FaqItem>
  variant?: keyof typeof VARIANTS
  className?: string
}) {
  const styles = VARIANTS[variant]
  return (
    <div className={className ? `${styles.list} ${className}` : styles.list}>
      {items.map((item) => (
        <details key={item.question} className={`group ${styles.item}`}>
          <summary
            className={`flex cursor-pointer list-none items-center justify-between text-left font-semibold text-ink [&::-webkit-details-marker]:hidden ${styles.summary}`}
          >
            {item.question}
            <span
              aria-hidden="true"
              className={`grid shrink-0 place-items-center text-accent transition-transform group-open:rotate-45 ${styles.icon}`}
            >
              <svg
                viewBox="0 0 24 24"
                className={styles.glyph}
                fill="none"
                stroke="currentColor"
                strokeWidth={styles.strokeWidth}
                strokeLinecap="round"
                focusable="false"
              >
                <path d="M12 5v14M5 12h14" />
              </svg>
            </span>
          </summary>
          <p className={`leading-relaxed text-muted ${styles.answer}`}>{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
