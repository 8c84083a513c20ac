import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { assertMediaKey } from './media-store.ts'

export const MEDIA_ROUTE_PREFIX = '/api/v1/media/'

/** `downloadName` set: the file is served as an attachment under that (signed) name. */
export type MediaLinkClaims = { key: string; userId: string; expiresAt: number; downloadName: string | undefined }

/**
 * Signed, expiring links to project media: the API hands them only to the project's owner, and
 * the media route serves a file only for a link whose HMAC and expiry check out. The links work in
 * <video>, <img> and downloads, which cannot send an Authorization header.
 */
export function createMediaLinks({
  secret,
  ttlSeconds,
  now = () => new Date(),
}: {
  secret: string
  ttlSeconds: number
  now?: () => Date
}) {
  const sign = (claims: MediaLinkClaims) =>
    createHmac('sha256', secret)
      .update(`${claims.key}\n${claims.userId}\n${claims.expiresAt}\n${claims.downloadName ?? ''}`)
      .digest('base64url')

  /** Links expire at the end of a window, so the same file keeps one URL (and the browser's cache) a while. */
  function expiryFor(time: Date) {
    const seconds = Math.floor(time.getTime() / 1000)
    const window = Math.max(60, Math.floor(ttlSeconds / 4))
    return (Math.floor(seconds / window) + 1) * window + ttlSeconds - window
  }

  function signedQuery(key: string, userId: string, downloadName: string | undefined) {
    const expiresAt = expiryFor(now())
    const query = new URLSearchParams({ u: userId, e: String(expiresAt) })
    if (downloadName) query.set('download', downloadName)
    query.set('s', sign({ key: assertMediaKey(key), userId, expiresAt, downloadName }))
    return query.toString()
  }

  return {
    expiresAt: () => new Date(expiryFor(now()) * 1000),
    create(
      key: string,
      userId: string,
      { download = false, filename }: { download?: boolean; filename?: string } = {},
    ) {
      const downloadName = download ? (filename ?? path.basename(key)) : undefined
      return `${MEDIA_ROUTE_PREFIX}${key}?${signedQuery(key, userId, downloadName)}`
    },
    /**
     * The signature query (`u`, `e`, `s`) for a route of its own that serves `key`; verified with `verify`
     * like a media link. Such keys must name no media file, so the link opens nothing at the media route.
     */
    createQuery: (key: string, userId: string) => signedQuery(key, userId, undefined),
    /** 'invalid' for a link we did not sign (or that was altered), 'expired' for one past its time. */
    verify(
      key: string,
      query: { u?: string; e?: string; s?: string; download?: string },
    ): { ok: true; claims: MediaLinkClaims } | { ok: false; reason: 'invalid' | 'expired' } {
      const expiresAt = Number(query.e)
      if (!query.u || !query.s || !Number.isInteger(expiresAt)) return { ok: false, reason: 'invalid' }
      const downloadName = query.download || undefined
      const expected = Buffer.from(sign({ key, userId: query.u, expiresAt, downloadName }))
      const given = Buffer.from(query.s)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
      if (expiresAt * 1000 <= now().getTime()) return { ok: false, reason: 'expired' }
      return { ok: true, claims: { key, userId: query.u, expiresAt, downloadName } }
    },
  }
}

export type MediaLinks = ReturnType<typeof createMediaLinks>

/**
 * The configured secret, or one generated on first start and kept in the data folder, so links survive a
 * restart. Several instances must be given the same MEDIA_SIGNING_SECRET.
 */
export function resolveMediaSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'media-signing-secret')
  try {
    const stored = readFileSync(file, 'utf8').trim()
    if (stored.length >= 32) return stored
  } catch {
    // Not there yet: made below.
  }
  const secret = randomBytes(32).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
