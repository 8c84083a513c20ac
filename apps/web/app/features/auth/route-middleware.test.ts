import type { User } from '@storyreel/contracts/auth'
import { describe, expect, it } from 'vitest'

import { getSafeRedirect, runRouteMiddleware } from './route-middleware.ts'

const user = (overrides: Partial<User> = {}): User => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: null,
  confirmed: true,
  role: 'user',
  sign_in_methods: ['password'],
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
})
const anonymous = { user: undefined, token: undefined }
const signedIn = (overrides: Partial<User> = {}) => ({ user: user(overrides), token: 'tok' })
const at = (path: string) => new URL(path, 'https://storyreel.app')
const run = (name: string, session: Parameters<typeof runRouteMiddleware>[1]['session'], path = '/app') =>
  runRouteMiddleware(name, { session, url: at(path) })

describe('route middlewares', () => {
  it('full-auth admits confirmed users, sends anonymous visitors to sign-in and unconfirmed ones to the code screen', () => {
    expect(run('full-auth', signedIn())).toBe(true)
    expect(run('full-auth', anonymous, '/app/profile')).toBe('/auth/login?redirectTo=%2Fapp%2Fprofile')
    expect(run('full-auth', signedIn({ confirmed: false }))).toBe('/auth/confirm')
  })

  it('not-confirmed-auth admits only signed-in, unconfirmed users', () => {
    expect(run('not-confirmed-auth', signedIn({ confirmed: false }), '/auth/confirm')).toBe(true)
    expect(run('not-confirmed-auth', signedIn(), '/auth/confirm')).toBe('/app')
    expect(run('not-confirmed-auth', anonymous, '/auth/confirm')).toBe('/auth/login?redirectTo=%2Fauth%2Fconfirm')
  })

  it('no-auth-required admits anonymous visitors and sends signed-in ones on', () => {
    expect(run('no-auth-required', anonymous, '/auth/login')).toBe(true)
    expect(run('no-auth-required', signedIn(), '/auth/login')).toBe('/app')
    expect(run('no-auth-required', signedIn(), '/auth/login?redirectTo=%2Fapp%2Fprofile')).toBe('/app/profile')
    expect(run('no-auth-required', signedIn({ confirmed: false }), '/auth/login')).toBe('/auth/confirm')
  })

  it('admin-auth admits confirmed admins and shows everyone else the 404 page', () => {
    expect(run('admin-auth', signedIn({ role: 'admin' }), '/app/admin')).toBe(true)
    expect(run('admin-auth', signedIn(), '/app/admin')).toBe(false)
    expect(run('admin-auth', signedIn({ role: 'admin', confirmed: false }), '/app/admin')).toBe(false)
    expect(run('admin-auth', anonymous, '/app/admin')).toBe('/auth/login?redirectTo=%2Fapp%2Fadmin')
  })

  it('app-redirect sends a bare section address to the screen that fits', () => {
    expect(run('app-redirect', anonymous, '/auth')).toBe('/auth/login')
    expect(run('app-redirect', signedIn(), '/auth')).toBe('/app')
    expect(run('app-redirect', signedIn({ confirmed: false }), '/auth')).toBe('/auth/confirm')
  })

  it("throws 'Unknown route middleware' for any other name", () => {
    expect(() => run('guest-only', anonymous)).toThrow('Unknown route middleware')
    expect(() => run('toString', anonymous)).toThrow('Unknown route middleware')
  })
})

describe('getSafeRedirect', () => {
  it('keeps same-site paths and refuses anything that could leave the site', () => {
    expect(getSafeRedirect('/app/profile')).toBe('/app/profile')
    expect(getSafeRedirect('//evil.example')).toBe('/app')
    expect(getSafeRedirect('https://evil.example')).toBe('/app')
    expect(getSafeRedirect('/\\evil.example')).toBe('/app')
    expect(getSafeRedirect(null)).toBe('/app')
  })
})
