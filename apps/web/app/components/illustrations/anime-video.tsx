/** A dusk scene drawn the anime way: striped sun, layered hills, a shrine gate and drifting petals. Decorative. */
export function AnimeVideoIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 200" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="anime-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#312e81" />
          <stop offset="0.5" stopColor="#9333ea" />
          <stop offset="1" stopColor="#fb7185" />
        </linearGradient>
        <linearGradient id="anime-sun" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fef08a" />
          <stop offset="1" stopColor="#fb923c" />
        </linearGradient>
        <clipPath id="anime-frame">
          <rect x="10" y="10" width="300" height="180" rx="18" />
        </clipPath>
      </defs>
      <g clipPath="url(#anime-frame)">
        <rect x="10" y="10" width="300" height="180" fill="url(#anime-sky)" />
        <circle cx="160" cy="118" r="52" fill="url(#anime-sun)" />
        <g fill="#c026d3" fillOpacity="0.55">
          <rect x="100" y="96" width="120" height="4" />
          <rect x="100" y="108" width="120" height="5" />
          <rect x="100" y="121" width="120" height="6" />
        </g>
        <path d="M10 140q60-34 110-8t90-10 110 6v72H10Z" fill="#581c87" />
        <path d="M10 162q70-22 150-2t150-6v46H10Z" fill="#2e1065" />
        <g fill="#e11d48">
          <rect x="216" y="104" width="58" height="7" rx="2" />
          <rect x="222" y="116" width="46" height="5" />
          <rect x="226" y="108" width="6" height="62" />
          <rect x="258" y="108" width="6" height="62" />
        </g>
        <path d="M30 40l3 7 7 3-7 3-3 7-3-7-7-3 7-3Z" fill="#fff" />
        <path d="M84 26l2 4.5 4.5 2-4.5 2-2 4.5-2-4.5-4.5-2 4.5-2Z" fill="#fde68a" />
        <g fill="#fbcfe8">
          <ellipse cx="56" cy="92" rx="5" ry="3" transform="rotate(-30 56 92)" />
          <ellipse cx="112" cy="58" rx="4" ry="2.5" transform="rotate(20 112 58)" />
          <ellipse cx="250" cy="52" rx="5" ry="3" transform="rotate(-15 250 52)" />
          <ellipse cx="288" cy="88" rx="4" ry="2.5" transform="rotate(35 288 88)" />
          <ellipse cx="196" cy="34" rx="3.5" ry="2" transform="rotate(-40 196 34)" />
        </g>
        <g stroke="#fff" strokeOpacity="0.45" strokeWidth="1.5" strokeLinecap="round">
          <path d="M22 124h34M36 132h26M250 150h40M262 158h30" />
        </g>
      </g>
      <rect x="10" y="10" width="300" height="180" rx="18" fill="none" className="stroke-line" strokeWidth="1.5" />
    </svg>
  )
}
