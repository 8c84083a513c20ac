export const DISPLAY_MODES = ['light', 'dark', 'auto'] as const
export type DisplayMode = (typeof DISPLAY_MODES)[number]

export const DEFAULT_DISPLAY_MODE: DisplayMode = 'dark'
export const DISPLAY_MODE_STORAGE_KEY = 'displayMode'

export function isDisplayMode(value: unknown): value is DisplayMode {
  return typeof value === 'string' && (DISPLAY_MODES as readonly string[]).includes(value)
}

export function resolveIsDark(mode: DisplayMode, systemPrefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'auto' && systemPrefersDark)
}

/**
 * Runs in <head> before the first paint so a stored light/auto choice never flashes dark (or the
 * reverse). Kept tiny and dependency-free; the server hashes it into the CSP.
 */
export const DISPLAY_MODE_SCRIPT = `(function(){try{var m=localStorage.getItem('${DISPLAY_MODE_STORAGE_KEY}');if(m!=='light'&&m!=='dark'&&m!=='auto')m='${DEFAULT_DISPLAY_MODE}';var d=m==='dark'||(m==='auto'&&matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.dataset.mode=m}catch(_){}})()`

export function readDisplayMode(): DisplayMode {
  try {
    const stored = localStorage.getItem(DISPLAY_MODE_STORAGE_KEY)
    return isDisplayMode(stored) ? stored : DEFAULT_DISPLAY_MODE
  } catch {
    return DEFAULT_DISPLAY_MODE
  }
}

export function applyDisplayMode(mode: DisplayMode): void {
  const root = document.documentElement
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches
  root.classList.toggle('dark', resolveIsDark(mode, prefersDark))
  root.dataset.mode = mode
}

const CHANGE_EVENT = 'storyreel:display-mode'

export function storeDisplayMode(mode: DisplayMode): void {
  try {
    localStorage.setItem(DISPLAY_MODE_STORAGE_KEY, mode)
  } catch {
    // Private windows may refuse storage; the choice still applies for this page view.
  }
  applyDisplayMode(mode)
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** For useSyncExternalStore: a choice made here or in another tab of the site. */
export function subscribeDisplayMode(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DISPLAY_MODE_STORAGE_KEY) return
    applyDisplayMode(readDisplayMode())
    onChange()
  }
  window.addEventListener(CHANGE_EVENT, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange)
    window.removeEventListener('storage', onStorage)
  }
}
