const TRACKS = [
  { y: 58, art: '#8b5cf6', active: true },
  { y: 104, art: '#22d3ee', active: false },
  { y: 150, art: '#f472b6', active: false },
] as const

/** Mood tags over a track list with one track playing, beside a spinning-record motif. Decorative. */
export function MusicLibraryIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 200" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="music-disc" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#06b6d4" />
          <stop offset="0.5" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <circle cx="62" cy="108" r="52" fill="url(#music-disc)" />
      <g fill="none" stroke="#fff" strokeOpacity="0.3">
        <circle cx="62" cy="108" r="42" />
        <circle cx="62" cy="108" r="32" />
      </g>
      <circle cx="62" cy="108" r="14" fill="#fff" />
      <circle cx="62" cy="108" r="4" className="fill-brand-600" />
      <g>
        <rect x="128" y="16" width="48" height="22" rx="11" className="fill-brand-500" />
        <rect x="182" y="16" width="58" height="22" rx="11" className="fill-raised stroke-line" strokeWidth="1.5" />
        <rect x="246" y="16" width="62" height="22" rx="11" className="fill-raised stroke-line" strokeWidth="1.5" />
        <rect x="140" y="25" width="24" height="4" rx="2" fill="#fff" />
        <rect x="194" y="25" width="34" height="4" rx="2" className="fill-subtle" />
        <rect x="258" y="25" width="38" height="4" rx="2" className="fill-subtle" />
      </g>
      {TRACKS.map((track) => (
        <g key={track.y}>
          <rect
            x="128"
            y={track.y}
            width="180"
            height="38"
            rx="10"
            className={track.active ? 'fill-surface stroke-brand-500' : 'fill-surface stroke-line'}
            strokeWidth={track.active ? 2 : 1.5}
          />
          <rect x="136" y={track.y + 7} width="24" height="24" rx="6" fill={track.art} />
          <rect
            x="168"
            y={track.y + 11}
            width="62"
            height="6"
            rx="3"
            className={track.active ? 'fill-ink' : 'fill-line'}
          />
          <rect x="168" y={track.y + 22} width="40" height="5" rx="2.5" className="fill-line" />
          {track.active ? (
            <g className="fill-brand-500">
              <rect x="274" y={track.y + 14} width="4" height="12" rx="2" />
              <rect x="281" y={track.y + 9} width="4" height="20" rx="2" />
              <rect x="288" y={track.y + 16} width="4" height="10" rx="2" />
              <rect x="295" y={track.y + 12} width="4" height="16" rx="2" />
            </g>
          ) : (
            <path d={`M284 ${track.y + 13}v12l10-6Z`} className="fill-subtle" />
          )}
        </g>
      ))}
    </svg>
  )
}
