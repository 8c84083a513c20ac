/**
 * Said wherever the testimonials appear, while they are written by us (docs/decisions/004): they show
 * typical uses and must never pass for reviews from customers.
 */
export function IllustrativeNote({ className = '' }: { className?: string }) {
  return (
    <p
      data-testid="illustrative-note"
      className={`flex items-start gap-2.5 rounded-2xl border border-line bg-surface px-4 py-3 text-sm leading-relaxed text-muted ${className}`}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full border border-line text-xs font-bold text-ink"
      >
        i
      </span>
      <span>
        <strong className="font-semibold text-ink">Illustrative examples, not customer reviews.</strong> Our team wrote
        these stories to show how people use the studio; the names, results and ratings are not real customers’.
      </span>
    </p>
  )
}
