/** A timeline of scenes with a voice waveform under it: the product in one drawing, made here in SVG. */
export function WaveformIllustration({ className }: { className?: string }) {
  const bars = Array.from(
    { length: 48 },
    (_, index) => 8 + Math.round(22 * Math.abs(Math.sin(index * 0.55) * Math.cos(index * 0.17))),
  )
  const scenes = [
    { x: 0, from: '#7c3aed', to: '#22d3ee', label: 'Scene 1' },
    { x: 124, from: '#db2777', to: '#f59e0b', label: 'Scene 2' },
    { x: 248, from: '#0ea5e9', to: '#a78bfa', label: 'Scene 3' },
  ]
  return (
    <svg viewBox="0 0 372 200" className={className} role="presentation">
      <defs>
        {scenes.map((scene) => (
          <linearGradient key={scene.label} id={`auth-scene-${scene.x}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={scene.from} />
            <stop offset="1" stopColor={scene.to} />
          </linearGradient>
        ))}
      </defs>
      {scenes.map((scene, index) => (
        <g key={scene.label} transform={`translate(${scene.x} 0)`}>
          <rect width="116" height="96" rx="14" fill={`url(#auth-scene-${scene.x})`} opacity="0.9" />
          <circle cx={30 + index * 18} cy="34" r="12" fill="#fff" opacity="0.85" />
          <path
            d={`M0 ${80 - index * 6} Q 40 ${50 + index * 4} 70 70 T 116 ${58 + index * 5} V96 H0Z`}
            fill="#0b0814"
            opacity="0.35"
          />
          <rect x="10" y="106" width="60" height="6" rx="3" fill="currentColor" className="text-line" />
        </g>
      ))}
      <g transform="translate(0 140)">
        {bars.map((height, index) => (
          <rect
            key={index}
            x={index * 7.75}
            y={30 - height / 2}
            width="4"
            height={height}
            rx="2"
            fill={index < 20 ? '#a78bfa' : '#3b2f66'}
          />
        ))}
      </g>
    </svg>
  )
}
