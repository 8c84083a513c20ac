/** A script card flowing into a storyboard of generated scenes. Decorative. */
export function TextToVideoIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 200" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="ttv-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4c1d95" />
          <stop offset="0.6" stopColor="#a855f7" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
        <linearGradient id="ttv-b" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0e7490" />
          <stop offset="1" stopColor="#67e8f9" />
        </linearGradient>
        <linearGradient id="ttv-c" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#be185d" />
          <stop offset="1" stopColor="#fdba74" />
        </linearGradient>
      </defs>
      <rect x="10" y="26" width="116" height="148" rx="14" className="fill-surface stroke-line" strokeWidth="1.5" />
      <rect x="24" y="42" width="58" height="8" rx="4" className="fill-brand-500" />
      <g className="fill-line">
        <rect x="24" y="62" width="88" height="6" rx="3" />
        <rect x="24" y="76" width="76" height="6" rx="3" />
        <rect x="24" y="90" width="84" height="6" rx="3" />
        <rect x="24" y="110" width="88" height="6" rx="3" />
        <rect x="24" y="124" width="60" height="6" rx="3" />
        <rect x="24" y="144" width="70" height="6" rx="3" />
      </g>
      <rect x="98" y="142" width="2.5" height="10" rx="1" className="fill-flare-500" />
      <path
        d="M136 100h24m-7-7 7 7-7 7"
        fill="none"
        className="stroke-brand-500"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="170" y="22" width="140" height="82" rx="12" fill="url(#ttv-a)" />
      <circle cx="272" cy="48" r="12" fill="#fde68a" />
      <path d="M170 86l30-24 22 16 26-20 62 40v4a12 12 0 0 1-12 12H182a12 12 0 0 1-12-12Z" fill="#2e1065" />
      <circle cx="216" cy="62" r="15" fill="#fff" fillOpacity="0.92" />
      <path d="M211 54.5v15l12.5-7.5Z" fill="#6d28d9" />
      <rect x="170" y="112" width="66" height="66" rx="12" fill="url(#ttv-b)" />
      <path d="M170 160q16-14 33-4t33-6v16a12 12 0 0 1-12 12h-42a12 12 0 0 1-12-12Z" fill="#164e63" />
      <rect x="244" y="112" width="66" height="66" rx="12" fill="url(#ttv-c)" />
      <circle cx="277" cy="150" r="14" fill="#fef3c7" fillOpacity="0.85" />
      <path d="M244 158h66v8a12 12 0 0 1-12 12h-42a12 12 0 0 1-12-12Z" fill="#831843" fillOpacity="0.55" />
      <g className="fill-surface stroke-line" strokeWidth="1">
        <circle cx="183" cy="125" r="8" />
        <circle cx="257" cy="125" r="8" />
      </g>
      <g className="fill-ink" fontSize="9" fontWeight="700" textAnchor="middle" fontFamily="inherit">
        <text x="183" y="128.5">
          2
        </text>
        <text x="257" y="128.5">
          3
        </text>
      </g>
    </svg>
  )
}
