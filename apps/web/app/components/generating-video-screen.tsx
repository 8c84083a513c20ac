import { DeviceStatusBar } from './device-mockup.tsx'
import { MicIcon, MusicNoteIcon } from './ui/icons.tsx'
import { Waveform } from './waveform.tsx'

/** What the mock-up shows, in words, for the device's accessible label. */
export const GENERATING_SCREEN_LABEL =
  'App screen of a video being generated: an anime night-market scene with a caption, a storyboard of five scenes, a voiceover waveform and a music track.'

const SCENES = [
  { background: 'linear-gradient(160deg,#312e81,#7c3aed 55%,#f472b6)', state: 'done' },
  { background: 'linear-gradient(160deg,#0e7490,#6366f1 60%,#c026d3)', state: 'done' },
  { background: 'linear-gradient(160deg,#1e1b4b,#6d28d9 50%,#db2777)', state: 'active' },
  { background: '', state: 'pending' },
  { background: '', state: 'pending' },
] as const

/**
 * The app mid-generation: the scene being rendered with its caption, the storyboard strip, the voice track
 * and the music chip. Sized for the inside of `DeviceMockup`; all colours are fixed because the app screen
 * is dark in either site theme.
 */
export function GeneratingVideoScreen() {
  return (
    <div className="flex h-full flex-col">
      <DeviceStatusBar />
      <div className="px-4">
        <div className="flex items-center justify-between">
          <p className="text-[13px] font-semibold">Night market story</p>
          <span className="rounded-md bg-zinc-800 px-1.5 py-0.5 text-[10px] font-semibold text-zinc-100">9:16</span>
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-[10.5px] font-medium text-violet-200">
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-fuchsia-400" />
          Generating scene 3 of 5
        </p>
        <div className="mt-2 h-1 overflow-hidden rounded-full bg-zinc-800">
          <div className="h-full w-3/5 rounded-full bg-gradient-to-r from-violet-500 via-fuchsia-500 to-cyan-400" />
        </div>
      </div>

      <div className="relative mx-3 mt-3 h-[212px] overflow-hidden rounded-2xl">
        <NightMarketScene />
        <span className="absolute left-2.5 top-2.5 rounded-full bg-black/75 px-2 py-0.5 text-[10px] font-semibold text-white">
          Anime
        </span>
        <span className="absolute right-2.5 top-2.5 rounded-full bg-black/75 px-2 py-0.5 text-[10px] font-semibold text-white">
          HD
        </span>
        <p className="absolute inset-x-3 bottom-3 text-center">
          <span className="rounded-md bg-black/80 px-1.5 py-0.5 text-[12px] font-bold leading-[1.6] text-white [box-decoration-break:clone]">
            Every stall here has a story.
          </span>
        </p>
      </div>

      <div className="mt-3 px-3">
        <p className="flex justify-between text-[10px] font-semibold uppercase tracking-wider text-zinc-300">
          <span>Storyboard</span>
          <span>5 scenes</span>
        </p>
        <ol className="mt-1.5 grid grid-cols-5 gap-1.5">
          {SCENES.map((scene, index) => (
            <li
              key={index}
              style={scene.background ? { background: scene.background } : undefined}
              className={`relative grid h-[52px] place-items-center rounded-lg text-[10px] font-bold ${
                scene.state === 'pending'
                  ? 'border border-dashed border-zinc-600 bg-zinc-900 text-zinc-300'
                  : scene.state === 'active'
                    ? 'text-white ring-2 ring-fuchsia-400 ring-offset-1 ring-offset-[#0b0916]'
                    : 'text-white'
              }`}
            >
              {scene.state === 'done' ? (
                <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true" focusable="false">
                  <circle cx="8" cy="8" r="8" fill="#0b0916" />
                  <path
                    d="m4.5 8.2 2.3 2.3 4.7-4.9"
                    fill="none"
                    stroke="#86efac"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              ) : (
                index + 1
              )}
            </li>
          ))}
        </ol>
      </div>

      <div className="mx-3 mt-3 flex h-[44px] items-center gap-2.5 rounded-xl border border-zinc-800 bg-zinc-900 px-2.5">
        <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500">
          <MicIcon className="h-3.5 w-3.5 text-white" strokeWidth={2.2} />
        </span>
        <span className="min-w-0 leading-tight">
          <span className="block text-[11px] font-semibold">Voiceover</span>
          <span className="block text-[10px] text-zinc-300">Warm narrator</span>
        </span>
        <Waveform id="screen" className="ml-auto h-6 w-[92px]" played={11} />
      </div>

      <div className="mx-3 mt-2 flex h-[44px] items-center gap-2.5 rounded-xl border border-zinc-800 bg-zinc-900 px-2.5">
        <span className="grid h-7 w-7 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-cyan-500 to-indigo-500">
          <MusicNoteIcon className="h-3.5 w-3.5 text-white" strokeWidth={2.2} />
        </span>
        <span className="min-w-0 leading-tight">
          <span className="block text-[11px] font-semibold">Midnight Drive</span>
          <span className="block text-[10px] text-zinc-300">Chill · Lo-fi</span>
        </span>
        <span className="ml-auto rounded-full bg-zinc-800 px-2 py-0.5 text-[9.5px] font-semibold text-cyan-200">
          Under voice
        </span>
      </div>

      <span aria-hidden="true" className="mx-auto mb-2 mt-auto h-1 w-24 rounded-full bg-zinc-500" />
    </div>
  )
}

/** An anime-style night market: dusk sky, moon, rooftops with lit windows and a string of lanterns. */
function NightMarketScene() {
  return (
    <svg
      viewBox="0 0 232 212"
      className="absolute inset-0 h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="nm-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1e1b4b" />
          <stop offset="0.55" stopColor="#6d28d9" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
        <radialGradient id="nm-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="232" height="212" fill="url(#nm-sky)" />
      <circle cx="170" cy="48" r="34" fill="url(#nm-glow)" />
      <circle cx="170" cy="48" r="17" fill="#fef3c7" />
      <g fill="#fff">
        <circle cx="32" cy="26" r="1.2" />
        <circle cx="78" cy="14" r="1" />
        <circle cx="118" cy="36" r="1.2" />
        <circle cx="212" cy="20" r="1" />
      </g>
      <path d="M0 120h28V96h26v16h22V84h30v30h18V100h28v18h24V90h30v28h26v94H0Z" fill="#2e1065" />
      <path d="M0 146h40l14-14 14 14h34l18-18 18 18h30l14-12 14 12h36v66H0Z" fill="#1a0b3b" />
      <g fill="#fbbf24">
        <rect x="8" y="126" width="6" height="7" rx="1" />
        <rect x="62" y="100" width="6" height="7" rx="1" />
        <rect x="86" y="104" width="6" height="7" rx="1" />
        <rect x="138" y="108" width="6" height="7" rx="1" />
        <rect x="198" y="100" width="6" height="7" rx="1" />
      </g>
      <path d="M-4 150Q58 174 116 150T236 150" fill="none" stroke="#fda4af" strokeWidth="1.2" />
      <g fill="#fb7185">
        <ellipse cx="26" cy="160" rx="6" ry="8" />
        <ellipse cx="70" cy="164" rx="6" ry="8" />
        <ellipse cx="116" cy="154" rx="6" ry="8" />
        <ellipse cx="162" cy="160" rx="6" ry="8" />
        <ellipse cx="206" cy="157" rx="6" ry="8" />
      </g>
      <rect y="178" width="232" height="34" fill="#0f0722" />
    </svg>
  )
}
