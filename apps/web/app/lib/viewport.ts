/**
 * Viewport breakpoints: min-width media features, desktop when nothing can be measured.
 * Tailwind's screens are generated from this module too, so CSS and script agree.
 */
export const VIEWPORT_BREAKPOINTS = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const

export type Breakpoint = keyof typeof VIEWPORT_BREAKPOINTS

export const FALLBACK_BREAKPOINT: Breakpoint = 'desktop'
export const VIEWPORT_COOKIE = 'viewport'
export const VIEWPORT_COOKIE_MAX_AGE_DAYS = 365

const ORDERED = (Object.entries(VIEWPORT_BREAKPOINTS) as Array<[Breakpoint, number]>).sort((a, b) => b[1] - a[1])

export function getMediaQuery(breakpoint: Breakpoint): string {
  return `(min-width: ${VIEWPORT_BREAKPOINTS[breakpoint]}px)`
}

/** The widest breakpoint whose min-width media feature matches; the fallback when none can be tested. */
export function getBreakpoint(matches: ((query: string) => boolean) | undefined): Breakpoint {
  if (!matches) return FALLBACK_BREAKPOINT
  for (const [name] of ORDERED) {
    if (matches(getMediaQuery(name))) return name
  }
  return 'mobile'
}

export function isBreakpoint(value: unknown): value is Breakpoint {
  return typeof value === 'string' && Object.hasOwn(VIEWPORT_BREAKPOINTS, value)
}

export function serializeViewportCookie(breakpoint: Breakpoint): string {
  const maxAge = VIEWPORT_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60
  return `${VIEWPORT_COOKIE}=${breakpoint}; Max-Age=${maxAge}; Path=/; SameSite=Strict; Secure`
}

export function getViewportCookie(cookieHeader: string): Breakpoint | undefined {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === VIEWPORT_COOKIE && isBreakpoint(value)) return value
  }
  return undefined
}

/** Tailwind screens in px strings, generated from the breakpoints above (mobile is the unprefixed base). */
export function getTailwindScreens(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(VIEWPORT_BREAKPOINTS)
      .filter(([name]) => name !== 'mobile')
      .map(([name, px]) => [name, `${px}px`]),
  )
}
