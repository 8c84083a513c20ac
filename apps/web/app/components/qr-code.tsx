import { encode } from 'uqr'

/** A QR code drawn as one SVG path, computed in the browser from the text: no image to download. */
export function QrCode({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className={`rounded-xl bg-white ${className}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#0b0814" />
    </svg>
  )
}
