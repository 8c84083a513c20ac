import { useEffect, useSyncExternalStore } from 'react'

import {
  applyDisplayMode,
  DEFAULT_DISPLAY_MODE,
  DISPLAY_MODES,
  readDisplayMode,
  storeDisplayMode,
  subscribeDisplayMode,
} from '#app/lib/display-mode.ts'

import { AutoIcon, MoonIcon, SunIcon } from './ui/chrome-icons.tsx'

const ICONS = { light: SunIcon, dark: MoonIcon, auto: AutoIcon } as const
const LABELS = { light: 'Light', dark: 'Dark', auto: 'Auto' } as const

/** Light, dark or auto (follows the system). The head script already applied the stored choice. */
export function DisplayModeSwitch() {
  // The prerendered HTML shows the default; the stored choice takes over once hydrated.
  const mode = useSyncExternalStore(subscribeDisplayMode, readDisplayMode, () => DEFAULT_DISPLAY_MODE)

  useEffect(() => {
    if (mode !== 'auto') return
    const query = window.matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => applyDisplayMode('auto')
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [mode])

  return (
    <fieldset className="inline-flex items-center gap-1 rounded-full border border-line bg-surface p-1">
      <legend className="sr-only">Display mode</legend>
      {DISPLAY_MODES.map((option) => {
        const Icon = ICONS[option]
        const checked = option === mode
        return (
          <label
            key={option}
            className={`flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-medium transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
              checked ? 'bg-raised text-ink' : 'text-muted hover:text-ink'
            }`}
          >
            <input
              type="radio"
              name="display-mode"
              value={option}
              checked={checked}
              className="sr-only"
              onChange={() => storeDisplayMode(option)}
            />
            <Icon className="h-4 w-4" />
            {LABELS[option]}
          </label>
        )
      })}
    </fieldset>
  )
}
