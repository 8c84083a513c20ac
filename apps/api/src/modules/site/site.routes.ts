import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import { buildDocumentCsp } from '#src/plugins/security-headers.ts'

import type { Encoding, Site, SiteFile } from './site-files.ts'
import { resolveSiteRequest } from './site-resolver.ts'

export function pickEncoding(acceptEncoding: string | undefined, file: SiteFile): Encoding | undefined {
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

function sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status: number) {
  const isHtml = file.contentType.startsWith('text/html')
  reply.header('content-type', file.contentType)
  reply.header('vary', 'Accept-Encoding')
  if (isHtml) {
    reply.header('content-security-policy', buildDocumentCsp({ scriptHashes: file.scriptHashes, https: request.protocol === 'https' }))
  }
  if (status !== 200) {
    reply.header('cache-control', 'no-store')
  } else {
    reply.header('cache-control', file.cacheControl)
    reply.header('etag', file.etag)
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send()
  }
  const encoding = pickEncoding(request.headers['accept-encoding'], file)
  const body = encoding ? file.encoded[encoding] : file.body
  if (encoding) reply.header('content-encoding', encoding)
  return reply.code(status).send(body)
}

/** Serves the prerendered site from memory: pages, data files and assets, redirects and real 404s. */
export function registerSiteRoutes(app: FastifyInstance, site: Site): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = resolveSiteRequest(site, request.url)
    switch (outcome.kind) {
      case 'file':
        return sendFile(request, reply, outcome.file, outcome.status)
      case 'redirect':
        reply.header('cache-control', outcome.status === 301 || outcome.status === 308 ? 'public, max-age=3600' : 'no-store')
        return reply.redirect(outcome.location, outcome.status)
      case 'not-found':
      case 'pass':
        return reply.callNotFound()
    }
  }
  app.get('/*', handler)
}
