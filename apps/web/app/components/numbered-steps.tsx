export type NumberedStep = { title: string; text: string }

/** An ordered grid of step cards, each with its number in a round badge. `className` sets margin and columns. */
export function NumberedSteps({ steps, className = '' }: { steps: ReadonlyArray<NumberedStep>; className?: string }) {
  return (
    <ol className={`grid gap-5 ${className}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="glass rounded-2xl p-6">
          <span className="grid h-10 w-10 place-items-center rounded-full border border-line bg-raised text-sm font-bold text-ink">
            <span className="sr-only">Step </span>
            {index + 1}
          </span>
          <h3 className="mt-5 text-lg font-semibold text-ink">{step.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  )
}
