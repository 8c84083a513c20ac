import { useId } from 'react'

import { describeCountdown, formatCountdown } from './countdown.ts'

const RADIUS = 52
const CIRCUMFERENCE = 2 * Math.PI * RADIUS

/**
 * The popup's circular countdown. The ring empties as time runs out; it glides between seconds only for
 * visitors who have not asked for reduced motion. role="timer" is not a live region, so screen readers
 * read the time when they reach it instead of every second.
 */
export function CountdownRing({
  secondsLeft,
  totalSeconds,
  className = '',
}: {
  secondsLeft: number
  totalSeconds: number
  className?: string
}) {
  const gradientId = `countdown-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const fraction = totalSeconds > 0 ? Math.min(1, Math.max(0, secondsLeft / totalSeconds)) : 0
  return (
    <div
      role="timer"
      aria-label={`Offer ends in ${describeCountdown(secondsLeft)}`}
      className={`relative grid h-32 w-32 place-items-center ${className}`}
    >
      <svg viewBox="0 0 120 120" className="absolute inset-0 h-full w-full -rotate-90" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="0.6" stopColor="#e879f9" />
            <stop offset="1" stopColor="#f472b6" />
          </linearGradient>
        </defs>
        <circle cx="60" cy="60" r={RADIUS} fill="none" stroke="currentColor" strokeWidth="8" className="text-line" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          stroke={`url(#${gradientId})`}
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
          className="motion-safe:transition-[stroke-dashoffset] motion-safe:duration-1000 motion-safe:ease-linear"
        />
      </svg>
      <span className="relative flex flex-col items-center leading-none">
        <span className="text-3xl font-extrabold tabular-nums tracking-tight text-ink">
          {formatCountdown(secondsLeft)}
        </span>
        <span className="mt-1.5 text-xs font-semibold uppercase tracking-[0.18em] text-muted">left</span>
      </span>
    </div>
  )
}
