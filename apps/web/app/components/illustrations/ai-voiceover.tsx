const LEVELS = [0.3, 0.55, 0.8, 0.45, 0.95, 0.65, 0.35, 0.7, 1, 0.5] as const

/** A microphone sending out a voice waveform, above three voice choices with one picked. Decorative. */
export function AiVoiceoverIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 200" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="voice-mic" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
        <linearGradient id="voice-bar" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="70" r="50" fill="url(#voice-mic)" fillOpacity="0.16" />
      <circle cx="160" cy="70" r="34" fill="url(#voice-mic)" />
      <g fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round">
        <rect x="151" y="50" width="18" height="30" rx="9" />
        <path d="M144 70a16 16 0 0 0 32 0M160 86v8" />
      </g>
      {LEVELS.map((level, index) => {
        const height = 12 + level * 52
        return (
          <g key={index} fill="url(#voice-bar)">
            <rect x={96 - index * 9} y={70 - height / 2} width="5" height={height} rx="2.5" />
            <rect x={219 + index * 9} y={70 - height / 2} width="5" height={height} rx="2.5" />
          </g>
        )
      })}
      <g className="fill-surface stroke-line" strokeWidth="1.5">
        <rect x="14" y="140" width="92" height="44" rx="22" />
        <rect x="214" y="140" width="92" height="44" rx="22" />
      </g>
      <rect
        x="114"
        y="140"
        width="92"
        height="44"
        rx="22"
        className="fill-surface stroke-brand-500"
        strokeWidth="2.5"
      />
      <circle cx="36" cy="162" r="13" fill="#22d3ee" />
      <circle cx="136" cy="162" r="13" fill="url(#voice-mic)" />
      <circle cx="236" cy="162" r="13" fill="#f472b6" />
      <g className="fill-line">
        <rect x="56" y="155" width="38" height="6" rx="3" />
        <rect x="56" y="166" width="26" height="5" rx="2.5" />
        <rect x="256" y="155" width="38" height="6" rx="3" />
        <rect x="256" y="166" width="26" height="5" rx="2.5" />
      </g>
      <rect x="156" y="155" width="38" height="6" rx="3" className="fill-brand-500" />
      <rect x="156" y="166" width="26" height="5" rx="2.5" className="fill-brand-300" />
    </svg>
  )
}
