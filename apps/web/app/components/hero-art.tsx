import { DeviceMockup } from './device-mockup.tsx'
import { GENERATING_SCREEN_LABEL, GeneratingVideoScreen } from './generating-video-screen.tsx'
import { MicIcon, MusicNoteIcon } from './ui/icons.tsx'
import { Waveform } from './waveform.tsx'

const card = 'glass absolute z-10 flex items-center gap-2.5 rounded-2xl p-2.5 pr-3.5 shadow-xl shadow-brand-700/15'

/**
 * The hero composition: the phone mid-generation inside soft violet, fuchsia and cyan glows, with floating
 * cards for the three things it layers onto every video. A fixed-height box, so the page never shifts.
 */
export function HeroArt({ className = '' }: { className?: string }) {
  return (
    <div className={`relative mx-auto h-[600px] w-full max-w-[460px] ${className}`}>
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute left-1/2 top-16 h-80 w-80 -translate-x-1/2 rounded-full bg-brand-500/30 glow-blur dark:bg-brand-600/45" />
        <div className="absolute bottom-10 left-0 h-56 w-56 rounded-full bg-flare-400/25 glow-blur dark:bg-flare-500/30" />
        <div className="absolute right-0 top-6 h-52 w-52 rounded-full bg-glow-400/20 glow-blur dark:bg-glow-400/25" />
        <div className="absolute left-1/2 top-1/2 h-[520px] w-[520px] -translate-x-1/2 -translate-y-1/2 rounded-full border border-brand-400/25" />
        <div className="absolute left-1/2 top-1/2 h-[400px] w-[400px] -translate-x-1/2 -translate-y-1/2 rounded-full border border-dashed border-brand-400/30" />
      </div>

      <DeviceMockup label={GENERATING_SCREEN_LABEL} className="absolute left-1/2 top-[22px] -translate-x-1/2">
        <GeneratingVideoScreen />
      </DeviceMockup>

      <div aria-hidden="true">
        <div className={`${card} left-0 top-[70px] mobileWide:-left-2 desktop:-left-6`}>
          <svg viewBox="0 0 40 40" className="h-10 w-10 shrink-0 rounded-xl" focusable="false">
            <defs>
              <linearGradient id="hero-anime" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="#4c1d95" />
                <stop offset="1" stopColor="#f472b6" />
              </linearGradient>
            </defs>
            <rect width="40" height="40" fill="url(#hero-anime)" />
            <circle cx="27" cy="13" r="6" fill="#fef3c7" />
            <path d="M0 30 12 20l8 6 8-8 12 12v10H0Z" fill="#2e1065" />
            <path d="M7 8l1 2.2L10.2 11 8 12l-1 2.2L6 12 3.8 11 6 10Z" fill="#fff" />
          </svg>
          <span className="leading-tight">
            <span className="block text-sm font-semibold text-ink">Anime</span>
            <span className="block text-xs text-muted">Style on every scene</span>
          </span>
        </div>

        <div className={`${card} right-0 top-[250px] mobileWide:-right-2 desktop:-right-8`}>
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-500 to-flare-500">
            <MicIcon className="h-5 w-5 text-white" />
          </span>
          <span className="leading-tight">
            <span className="block text-sm font-semibold text-ink">Voiceover</span>
            <Waveform id="hero" className="mt-1 h-4 w-[88px]" played={14} />
          </span>
        </div>

        <div className={`${card} bottom-2 left-0 mobileWide:-left-1 desktop:-left-10`}>
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-glow-400 to-brand-600">
            <MusicNoteIcon className="h-5 w-5 text-white" />
          </span>
          <span className="leading-tight">
            <span className="block text-sm font-semibold text-ink">Music</span>
            <span className="block text-xs text-muted">Matched to the mood</span>
          </span>
        </div>

        <div className={`${card} bottom-[150px] right-2 hidden py-2 mobileWide:flex desktop:-right-2`}>
          <span className="rounded-md bg-ink px-1.5 py-0.5 text-[11px] font-bold text-canvas">CC</span>
          <span className="text-xs font-semibold text-ink">Captions from your script</span>
        </div>
      </div>
    </div>
  )
}
