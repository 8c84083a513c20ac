import { describe, expect, it } from 'vitest'

import { createMediaLinks } from './media-links.ts'

const KEY = 'projects/7c0b/renders/91aa/video.mp4'
const USER = '3f1e6a52-0d5e-4a59-9d76-7f7c1e2b9d11'

function parse(link: string) {
  const url = new URL(link, 'http://localhost')
  return { key: url.pathname.replace('/api/v1/media/', ''), query: Object.fromEntries(url.searchParams) }
}

describe('media links', () => {
  let time = new Date('2026-11-24T10:00:00Z')
  const links = createMediaLinks({ secret: 'a'.repeat(40), ttlSeconds: 3600, now: () => time })

  it('verifies a link it signed, with its owner and expiry', () => {
    const { key, query } = parse(links.create(KEY, USER))
    const verdict = links.verify(key, query)
    expect(verdict).toMatchObject({ ok: true, claims: { key: KEY, userId: USER, downloadName: undefined } })
  })

  it('keeps one URL for a file within a time window, so the browser can cache it', () => {
    const first = links.create(KEY, USER)
    time = new Date(time.getTime() + 60_000)
    expect(links.create(KEY, USER)).toBe(first)
  })

  it('refuses a link whose key, owner, download name or signature was changed', () => {
    const { key, query } = parse(links.create(KEY, USER, { download: true, filename: 'fox.mp4' }))
    expect(links.verify(key, query).ok).toBe(true)
    expect(links.verify(key.replace('video.mp4', 'poster.jpg'), query)).toEqual({ ok: false, reason: 'invalid' })
    expect(links.verify(key, { ...query, u: USER.replace('3f', '4f') })).toEqual({ ok: false, reason: 'invalid' })
    expect(links.verify(key, { ...query, download: 'other.mp4' })).toEqual({ ok: false, reason: 'invalid' })
    expect(links.verify(key, { ...query, s: 'x' })).toEqual({ ok: false, reason: 'invalid' })
    expect(links.verify(key, { u: USER })).toEqual({ ok: false, reason: 'invalid' })
  })

  it('answers expired once the link is past its time', () => {
    const { key, query } = parse(links.create(KEY, USER))
    time = new Date(time.getTime() + 2 * 3600_000)
    expect(links.verify(key, query)).toEqual({ ok: false, reason: 'expired' })
  })

  it('signs the query alone for a route of its own, verified like a link to that key', () => {
    const key = 'scene-thumbnails/7c0b/91aa/0123456789abcdef0123456789abcdef'
    const query = Object.fromEntries(new URLSearchParams(links.createQuery(key, USER)))
    expect(Object.keys(query).sort()).toEqual(['e', 's', 'u'])
    expect(links.verify(key, query)).toMatchObject({ ok: true, claims: { key, userId: USER } })
    expect(links.verify(key.replace('91aa', '91ab'), query)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('never signs a key that could leave the media folder', () => {
    expect(() => links.create('projects/../../etc/passwd', USER)).toThrow(/Unsafe media key/)
  })
})
