/** Bar heights (0-1) for a speech-like waveform: quiet breaths between louder phrases. */
const BARS = [
  0.25, 0.45, 0.7, 0.5, 0.85, 1, 0.6, 0.35, 0.2, 0.4, 0.75, 0.95, 0.65, 0.8, 0.45, 0.25, 0.5, 0.9, 0.7, 0.55, 0.3, 0.6,
  0.85, 0.5, 0.3, 0.2,
] as const

/** A static voice waveform; `played` bars (from the left) take the accent gradient, the rest stay dim. */
export function Waveform({ className, played = 12, id }: { className?: string; played?: number; id: string }) {
  const gradientId = `${id}-wave`
  return (
    <svg
      viewBox={`0 0 ${BARS.length * 5} 24`}
      className={className}
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="none"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
      </defs>
      {BARS.map((level, index) => {
        const height = Math.max(3, level * 24)
        return (
          <rect
            key={index}
            x={index * 5 + 1}
            y={(24 - height) / 2}
            width="3"
            height={height}
            rx="1.5"
            fill={index < played ? `url(#${gradientId})` : '#52525b'}
          />
        )
      })}
    </svg>
  )
}
