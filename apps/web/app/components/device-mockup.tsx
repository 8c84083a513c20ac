import type { ReactNode } from 'react'

/** Outer size of the phone in px; fixed so the frame reserves its space before anything paints. */
export const DEVICE_SIZE = { width: 270, height: 556 } as const

/**
 * A phone frame around an app screen. With `label` the device is announced as one image with that
 * description; without it, the frame is decorative and hidden from assistive tech.
 */
export function DeviceMockup({
  children,
  label,
  className = '',
}: {
  children: ReactNode
  label?: string
  className?: string
}) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true }
  return (
    <div
      {...a11y}
      style={{ width: DEVICE_SIZE.width, height: DEVICE_SIZE.height }}
      className={`relative shrink-0 rounded-[2.75rem] bg-gradient-to-b from-zinc-600 via-zinc-900 to-zinc-700 p-[7px] shadow-[0_40px_90px_-30px_rgb(91_33_182/0.7)] ${className}`}
    >
      <span aria-hidden="true" className="absolute -left-[3px] top-28 h-9 w-[3px] rounded-l bg-zinc-600" />
      <span aria-hidden="true" className="absolute -left-[3px] top-40 h-14 w-[3px] rounded-l bg-zinc-600" />
      <span aria-hidden="true" className="absolute -right-[3px] top-36 h-20 w-[3px] rounded-r bg-zinc-600" />
      <div className="relative h-full w-full overflow-hidden rounded-[2.3rem] bg-[#0b0916] text-white">
        <span
          aria-hidden="true"
          className="absolute left-1/2 top-2.5 z-20 h-[22px] w-[84px] -translate-x-1/2 rounded-full bg-black"
        />
        {children}
      </div>
    </div>
  )
}

/** The phone's status bar: time on the left, signal and battery on the right, clear of the camera island. */
export function DeviceStatusBar() {
  return (
    <div
      aria-hidden="true"
      className="flex h-[42px] items-center justify-between px-6 pt-1 text-[11px] font-semibold text-white"
    >
      <span>9:41</span>
      <span className="flex items-center gap-1.5">
        <svg viewBox="0 0 18 12" className="h-2.5 w-4" fill="currentColor" focusable="false">
          <rect x="0" y="8" width="3" height="4" rx="1" />
          <rect x="5" y="5" width="3" height="7" rx="1" />
          <rect x="10" y="2.5" width="3" height="9.5" rx="1" />
          <rect x="15" y="0" width="3" height="12" rx="1" />
        </svg>
        <svg viewBox="0 0 26 12" className="h-2.5 w-6" focusable="false">
          <rect x="0.5" y="0.5" width="22" height="11" rx="3" fill="none" stroke="currentColor" />
          <rect x="2.5" y="2.5" width="15" height="7" rx="1.5" fill="currentColor" />
          <rect x="24" y="4" width="2" height="4" rx="1" fill="currentColor" />
        </svg>
      </span>
    </div>
  )
}
