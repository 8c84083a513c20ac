import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import { buildDocumentCsp, type ExternalSources } from '#src/plugins/security-headers.ts'

import { NOT_FOUND_PLACEHOLDER, type Encoding, type Site, type SiteFile } from './site-files.ts'
import { resolveSiteRequest } from './site-resolver.ts'
import { escapeHtml } from '#src/escape-html.ts'

function pickEncoding(acceptEncoding: string | undefined, file: SiteFile): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (file.encoded.br && allows('br')) return 'br'
  if (file.encoded.gzip && allows('gzip')) return 'gzip'
  return undefined
}

/** RFC 9110 If-None-Match: a list of tags (weak ones compare by their opaque part) or `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === etag
  })
}

/**
 * One byte range of an RFC 9110 `Range: bytes=…` header, clamped to the file: what media elements ask for
 * (Safari plays nothing from a server without ranges). Several ranges or a malformed header get the whole
 * file; a range that starts past the end cannot be satisfied.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match) return undefined
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return undefined
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  if (start >= size) return 'unsatisfiable'
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  return end < start ? undefined : { start, end }
}

const isMedia = (file: SiteFile) => file.contentType.startsWith('video/') || file.contentType.startsWith('audio/')

type DocumentCsp = (file: SiteFile, https: boolean) => string

/** A document's policy depends only on its scripts and the scheme, so it is built once per pair. */
function createDocumentCsp(external: ExternalSources): DocumentCsp {
  const cache = new WeakMap<SiteFile, { http?: string; https?: string }>()
  return (file, https) => {
    const cached = cache.get(file) ?? {}
    const key = https ? 'https' : 'http'
    cached[key] ??= buildDocumentCsp({ scriptHashes: file.scriptHashes, https, external })
    cache.set(file, cached)
    return cached[key]
  }
}

function setDocumentHeaders(request: FastifyRequest, reply: FastifyReply, file: SiteFile, csp: DocumentCsp) {
  reply.header('content-type', file.contentType)
  if (file.contentType.startsWith('text/html')) {
    reply.header('content-security-policy', csp(file, request.protocol === 'https'))
  }
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status: number, csp: DocumentCsp) {
  setDocumentHeaders(request, reply, file, csp)
  reply.header('vary', 'Accept-Encoding')
  const encoding = pickEncoding(request.headers['accept-encoding'], file)
  if (status !== 200) {
    reply.header('cache-control', 'no-store')
  } else {
    const etag = file.etags[encoding ?? 'identity']
    reply.header('cache-control', file.cacheControl)
    reply.header('etag', etag)
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send()
  }
  if (encoding) reply.header('content-encoding', encoding)
  if (status === 200 && !encoding && isMedia(file)) return sendMedia(request, reply, file)
  return reply.code(status).send(encoding ? file.encoded[encoding] : file.body)
}

/** Audio and video answer byte ranges, so players can seek and Safari can play at all. */
function sendMedia(request: FastifyRequest, reply: FastifyReply, file: SiteFile) {
  reply.header('accept-ranges', 'bytes')
  const ifRange = request.headers['if-range']
  // A range of an older copy of the file would splice two versions: If-Range falls back to the whole file.
  const range =
    ifRange && ifRange !== file.etags.identity ? undefined : parseByteRange(request.headers.range, file.body.length)
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.body.length}`).send()
  }
  if (!range) return reply.code(200).send(file.body)
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.body.length}`)
    .send(file.body.subarray(range.start, range.end + 1))
}

/**
 * The prerendered error page names a placeholder path; this puts the requested path in its place, so the
 * visitor reads 'Page not found: {path}' before any script runs and hydration finds the same text.
 */
function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, site: Site, path: string, csp: DocumentCsp) {
  const file = site.notFoundPage
  setDocumentHeaders(request, reply, file, csp)
  // The prerender saw the placeholder as a directory URL, so it may carry a trailing slash.
  const html = file.body
    .toString('utf8')
    .replace(new RegExp(`Page not found: ${NOT_FOUND_PLACEHOLDER}/?<`), () => `Page not found: ${escapeHtml(path)}<`)
  return reply.code(404).header('cache-control', 'no-store').send(html)
}

/** Serves the prerendered site from memory: pages, data files and assets, redirects and real 404s. */
export function registerSiteRoutes(
  app: FastifyInstance,
  site: Site,
  { external = {} }: { external?: ExternalSources } = {},
): void {
  const csp = createDocumentCsp(external)
  app.get('/*', async (request, reply) => {
    const outcome = resolveSiteRequest(site, request.url)
    switch (outcome.kind) {
      case 'file':
        return sendFile(request, reply, outcome.file, outcome.status, csp)
      case 'not-found-page':
        return sendNotFoundPage(request, reply, site, outcome.path, csp)
      case 'redirect':
        reply.header(
          'cache-control',
          outcome.status === 301 || outcome.status === 308 ? 'public, max-age=3600' : 'no-store',
        )
        return reply.redirect(outcome.location, outcome.status)
      case 'not-found':
      case 'pass':
        return reply.callNotFound()
    }
  })
}
