import { describe, expect, it } from 'vitest'

import {
  getBreakpoint,
  getTailwindScreens,
  getViewportCookie,
  serializeViewportCookie,
  VIEWPORT_BREAKPOINTS,
} from './viewport.ts'

function widthMatcher(width: number) {
  return (query: string) => width >= Number(/min-width: (\d+)px/.exec(query)?.[1])
}

describe('getBreakpoint', () => {
  it('picks the widest min-width breakpoint that matches', () => {
    expect(getBreakpoint(widthMatcher(320))).toBe('mobile')
    expect(getBreakpoint(widthMatcher(390))).toBe('mobileMedium')
    expect(getBreakpoint(widthMatcher(425))).toBe('mobileWide')
    expect(getBreakpoint(widthMatcher(800))).toBe('tablet')
    expect(getBreakpoint(widthMatcher(1024))).toBe('desktop')
    expect(getBreakpoint(widthMatcher(1440))).toBe('desktopMedium')
    expect(getBreakpoint(widthMatcher(2560))).toBe('desktopWide')
  })

  it('falls back to desktop when nothing can be measured', () => {
    expect(getBreakpoint(undefined)).toBe('desktop')
  })

  it('treats anything narrower than 320 px as mobile', () => {
    expect(getBreakpoint(widthMatcher(280))).toBe('mobile')
  })
})

describe('viewport cookie', () => {
  it('lasts 365 days on path / and is strict and secure', () => {
    expect(serializeViewportCookie('tablet')).toBe('viewport=tablet; Max-Age=31536000; Path=/; SameSite=Strict; Secure')
  })

  it('reads a known breakpoint back and ignores anything else', () => {
    expect(getViewportCookie('a=1; viewport=desktopWide; b=2')).toBe('desktopWide')
    expect(getViewportCookie('viewport=huge')).toBeUndefined()
    expect(getViewportCookie('')).toBeUndefined()
  })
})

describe('getTailwindScreens', () => {
  it('mirrors every breakpoint above the mobile base', () => {
    expect(getTailwindScreens()).toEqual({
      mobileMedium: '375px',
      mobileWide: '425px',
      tablet: '768px',
      desktop: '1024px',
      desktopMedium: '1280px',
      desktopWide: '1600px',
    })
    expect(VIEWPORT_BREAKPOINTS.mobile).toBe(320)
  })
})
