import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { RouteRulesSchema, type RouteRules } from '@storyreel/contracts/route-rules'
import { SiteConfigSchema, type SiteConfig } from '@storyreel/contracts/site-config'

import { ASSETS_PREFIX } from './site-paths.ts'

export type Encoding = 'br' | 'gzip'

export type SiteFile = {
  urlPath: string
  contentType: string
  body: Buffer
  encoded: Partial<Record<Encoding, Buffer>>
  /** One strong validator per representation: identity, brotli and gzip bodies differ byte for byte. */
  etags: Record<Encoding | 'identity', string>
  cacheControl: string
  /** sha256 sources of the inline scripts in an HTML document, for its Content-Security-Policy. */
  scriptHashes: string[]
}

export type Site = {
  files: Map<string, SiteFile>
  spaFallback: SiteFile
  /** The prerendered error page; its placeholder path is replaced by the requested one. */
  notFoundPage: SiteFile
  routeRules: RouteRules
  /** What the build was made with (build/site-config.json); a build without the file has Tag Manager off. */
  config: SiteConfig
}

const NO_SITE_CONFIG: SiteConfig = { gtmId: null }

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.data': 'text/x-script; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, max-age=0, must-revalidate'
const SHORT_CACHE = 'public, max-age=3600'

export const SPA_FALLBACK_FILE = '/__spa-fallback.html'
/** Must match NOT_FOUND_PAGE_PATH in apps/web/app/lib/site-paths.ts, which prerenders it. */
export const NOT_FOUND_PLACEHOLDER = '/__not-found'
const NOT_FOUND_FILE = `${NOT_FOUND_PLACEHOLDER}/index.html`

function getEtag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

export function getContentType(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream'
}

/** Names the live build: an open page polls it, so a browser must never answer it from its cache. */
export const LATEST_BUILD_FILE = '/builds/latest.json'
/** One file per build id, never rewritten. */
const BUILD_META_PREFIX = '/builds/meta/'

function getCacheControl(urlPath: string): string {
  if (urlPath.startsWith(ASSETS_PREFIX) || urlPath.startsWith(BUILD_META_PREFIX)) return IMMUTABLE
  if (urlPath === LATEST_BUILD_FILE) return 'no-cache'
  if (urlPath.endsWith('.html') || urlPath.endsWith('.data')) return REVALIDATE
  return SHORT_CACHE
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g
/**
 * A JSON data block (JSON-LD, application/json) never runs, so it needs no hash. Every other type is hashed:
 * a hash the browser never uses costs bytes, a missing one would block a script.
 */
const SCRIPT_TYPE = /\stype=["']?([^"'\s>]*)/i
const DATA_BLOCK_TYPE = /^[\w.+-]+\/([\w.-]+\+)?json$/i

/**
 * Hashes every inline script the build emitted that a browser would run, so the CSP can allow exactly those
 * and no others. Data blocks (structured data) are not scripts to the CSP, and each hash is header bytes on
 * every page view.
 */
export function getInlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const source = match[2] ?? ''
    if (source.trim() === '') continue
    if (DATA_BLOCK_TYPE.test(SCRIPT_TYPE.exec(match[1] ?? '')?.[1] ?? '')) continue
    hashes.add(`'sha256-${createHash('sha256').update(source).digest('base64')}'`)
  }
  return [...hashes]
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  return existsSync(file) ? readFile(file) : undefined
}

/**
 * Reads the whole client build into memory once at start: every page, data file and asset, with its
 * precompressed brotli and gzip twins, content type, ETag and cache policy.
 */
export async function loadSite(buildDir: string): Promise<Site> {
  const clientDir = path.join(buildDir, 'client')
  if (!existsSync(path.join(clientDir, SPA_FALLBACK_FILE.slice(1)))) {
    throw new Error(`No web build in ${clientDir}. Run \`npm run build\` first.`)
  }
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true })
  const relativePaths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)))
    .filter(
      (file) =>
        !file.endsWith('.br') && !file.endsWith('.gz') && !file.split(path.sep).some((part) => part.startsWith('.')),
    )
  const files = new Map<string, SiteFile>()
  await Promise.all(
    relativePaths.map(async (relative) => {
      const full = path.join(clientDir, relative)
      const urlPath = `/${relative.split(path.sep).join('/')}`
      const [body, br, gzip] = await Promise.all([
        readFile(full),
        readOptional(`${full}.br`),
        readOptional(`${full}.gz`),
      ])
      const contentType = getContentType(urlPath)
      files.set(urlPath, {
        urlPath,
        contentType,
        body,
        encoded: { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
        etags: { identity: getEtag(body), br: br ? getEtag(br) : '', gzip: gzip ? getEtag(gzip) : '' },
        cacheControl: getCacheControl(urlPath),
        scriptHashes: contentType.startsWith('text/html') ? getInlineScriptHashes(body.toString('utf8')) : [],
      })
    }),
  )
  const spaFallback = files.get(SPA_FALLBACK_FILE)
  if (!spaFallback) throw new Error(`Missing ${SPA_FALLBACK_FILE} in ${clientDir}`)
  files.delete(SPA_FALLBACK_FILE)
  const notFoundPage = files.get(NOT_FOUND_FILE) ?? spaFallback
  files.delete(NOT_FOUND_FILE)
  const rulesFile = path.join(buildDir, 'route-rules.json')
  const routeRules = existsSync(rulesFile) ? RouteRulesSchema.parse(JSON.parse(await readFile(rulesFile, 'utf8'))) : {}
  const configFile = path.join(buildDir, 'site-config.json')
  // A malformed file stops the start rather than serving pages whose CSP blocks what they load.
  const config = existsSync(configFile)
    ? SiteConfigSchema.parse(JSON.parse(await readFile(configFile, 'utf8')))
    : NO_SITE_CONFIG
  return { files, spaFallback, notFoundPage, routeRules, config }
}
