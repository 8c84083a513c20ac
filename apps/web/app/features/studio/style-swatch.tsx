import { useId } from 'react'

import type { VideoStyle } from '@storyreel/contracts/studio'

/**
 * A small picture that evokes each look, drawn in SVG so it costs no download and scales from a style card
 * to a project's placeholder thumbnail (it fills its box: `slice` crops rather than letterboxes).
 */
export function StyleSwatch({ style, className = '' }: { style: VideoStyle; className?: string }) {
  const uid = useId().replace(/[^a-zA-Z0-9-]/g, '')
  const id = (name: string) => `${uid}-${name}`
  const url = (name: string) => `url(#${id(name)})`
  return (
    <svg
      viewBox="0 0 160 100"
      preserveAspectRatio="xMidYMid slice"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {style === 'cinematic' ? (
        <>
          <defs>
            <linearGradient id={id('sky')} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#0b1a2e" />
              <stop offset="0.55" stopColor="#1f4e5f" />
              <stop offset="1" stopColor="#f08a4b" />
            </linearGradient>
            <radialGradient id={id('sun')} cx="0.68" cy="0.7" r="0.45">
              <stop offset="0" stopColor="#ffd29a" stopOpacity="0.95" />
              <stop offset="0.25" stopColor="#ff9f5a" stopOpacity="0.55" />
              <stop offset="1" stopColor="#ff9f5a" stopOpacity="0" />
            </radialGradient>
          </defs>
          <rect width="160" height="100" fill={url('sky')} />
          <rect width="160" height="100" fill={url('sun')} />
          <path d="M0 78 L30 62 L52 72 L80 55 L112 70 L136 60 L160 68 V100 H0Z" fill="#08121f" opacity="0.9" />
          <path d="M60 72 h60" stroke="#ffe2b8" strokeWidth="0.8" opacity="0.6" />
          <rect width="160" height="12" fill="#000" />
          <rect y="88" width="160" height="12" fill="#000" />
        </>
      ) : style === 'anime' ? (
        <>
          <defs>
            <linearGradient id={id('sky')} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#3b82f6" />
              <stop offset="0.6" stopColor="#a5b4fc" />
              <stop offset="1" stopColor="#fbcfe8" />
            </linearGradient>
          </defs>
          <rect width="160" height="100" fill={url('sky')} />
          <circle cx="118" cy="38" r="20" fill="#fff7ed" />
          <circle cx="118" cy="38" r="26" fill="none" stroke="#fff" strokeOpacity="0.5" strokeWidth="2" />
          <g fill="#fff" opacity="0.95">
            <ellipse cx="38" cy="30" rx="22" ry="8" />
            <ellipse cx="52" cy="26" rx="14" ry="9" />
            <ellipse cx="28" cy="27" rx="10" ry="7" />
          </g>
          <g stroke="#fff" strokeWidth="1.2" strokeLinecap="round" opacity="0.75">
            <path d="M8 62 H52" />
            <path d="M20 70 H70" />
            <path d="M4 78 H40" />
          </g>
          <path d="M0 84 Q40 74 80 84 T160 82 V100 H0Z" fill="#ec4899" opacity="0.85" />
          <path d="M0 90 Q50 82 100 92 T160 90 V100 H0Z" fill="#7c3aed" />
          <g fill="#fff">
            <path d="M96 60 l2 5 5 2 -5 2 -2 5 -2 -5 -5 -2 5 -2Z" />
            <path d="M140 70 l1.2 3 3 1.2 -3 1.2 -1.2 3 -1.2 -3 -3 -1.2 3 -1.2Z" />
          </g>
        </>
      ) : style === 'realistic' ? (
        <>
          <defs>
            <linearGradient id={id('sky')} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#8fb3d9" />
              <stop offset="1" stopColor="#e6eef5" />
            </linearGradient>
            <linearGradient id={id('hill')} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#4d6b3c" />
              <stop offset="1" stopColor="#26371d" />
            </linearGradient>
            <linearGradient id={id('lake')} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#5b7d99" />
              <stop offset="1" stopColor="#2c4257" />
            </linearGradient>
          </defs>
          <rect width="160" height="100" fill={url('sky')} />
          <path d="M0 60 L34 28 L52 44 L78 18 L108 48 L126 34 L160 58 V70 H0Z" fill="#6f7f91" />
          <path d="M70 25 L78 18 L86 26 L81 24 L78 27 L74 24Z" fill="#f8fafc" />
          <path d="M0 66 Q40 52 80 64 T160 60 V74 H0Z" fill={url('hill')} />
          <rect y="72" width="160" height="28" fill={url('lake')} />
          <path d="M10 80 H60 M90 86 H150 M30 92 H80" stroke="#cfe0ee" strokeOpacity="0.35" strokeWidth="0.8" />
        </>
      ) : style === '3d-cartoon' ? (
        <>
          <defs>
            <linearGradient id={id('bg')} x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#fde68a" />
              <stop offset="1" stopColor="#fb923c" />
            </linearGradient>
            <radialGradient id={id('ball')} cx="0.35" cy="0.3" r="0.75">
              <stop offset="0" stopColor="#c4b5fd" />
              <stop offset="0.45" stopColor="#7c3aed" />
              <stop offset="1" stopColor="#3b0764" />
            </radialGradient>
            <radialGradient id={id('ball2')} cx="0.35" cy="0.3" r="0.75">
              <stop offset="0" stopColor="#a5f3fc" />
              <stop offset="0.5" stopColor="#06b6d4" />
              <stop offset="1" stopColor="#164e63" />
            </radialGradient>
          </defs>
          <rect width="160" height="100" fill={url('bg')} />
          <ellipse cx="80" cy="86" rx="60" ry="8" fill="#9a3412" opacity="0.25" />
          <circle cx="68" cy="54" r="28" fill={url('ball')} />
          <circle cx="112" cy="68" r="16" fill={url('ball2')} />
          <ellipse cx="58" cy="42" rx="8" ry="5" fill="#fff" opacity="0.55" />
          <circle cx="60" cy="54" r="3.2" fill="#1e1b4b" />
          <circle cx="76" cy="54" r="3.2" fill="#1e1b4b" />
          <circle cx="61" cy="53" r="1" fill="#fff" />
          <circle cx="77" cy="53" r="1" fill="#fff" />
          <path d="M62 64 Q68 70 74 64" stroke="#1e1b4b" strokeWidth="2.2" fill="none" strokeLinecap="round" />
        </>
      ) : style === 'watercolor' ? (
        <>
          <defs>
            <filter id={id('bleed')} x="-20%" y="-20%" width="140%" height="140%">
              <feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="3" seed="4" />
              <feDisplacementMap in="SourceGraphic" scale="9" />
            </filter>
          </defs>
          <rect width="160" height="100" fill="#fbf6ee" />
          <g filter={url('bleed')}>
            <circle cx="48" cy="44" r="30" fill="#f472b6" opacity="0.45" />
            <circle cx="86" cy="56" r="32" fill="#60a5fa" opacity="0.42" />
            <circle cx="118" cy="36" r="24" fill="#fbbf24" opacity="0.45" />
            <circle cx="70" cy="30" r="18" fill="#a78bfa" opacity="0.4" />
            <path d="M0 82 Q40 70 80 82 T160 78 V100 H0Z" fill="#34d399" opacity="0.4" />
          </g>
        </>
      ) : (
        <>
          <defs>
            <pattern id={id('dots')} width="6" height="6" patternUnits="userSpaceOnUse">
              <circle cx="3" cy="3" r="1.4" fill="#ef4444" opacity="0.55" />
            </pattern>
          </defs>
          <rect width="160" height="100" fill="#fde047" />
          <rect width="160" height="100" fill={url('dots')} />
          <path
            d="M80 12 L92 34 L118 24 L106 46 L134 54 L106 62 L116 86 L92 72 L80 92 L68 72 L44 86 L54 62 L26 54 L54 46 L42 24 L68 34Z"
            fill="#fff"
            stroke="#111"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <text
            x="80"
            y="60"
            textAnchor="middle"
            fontFamily="Impact, 'Arial Black', sans-serif"
            fontSize="22"
            fontWeight="900"
            fill="#ef4444"
            stroke="#111"
            strokeWidth="1.2"
          >
            POW!
          </text>
          <rect x="1.5" y="1.5" width="157" height="97" fill="none" stroke="#111" strokeWidth="3" />
        </>
      )}
    </svg>
  )
}
