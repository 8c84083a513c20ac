import { createHash } from 'node:crypto'

import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify'
import { z } from 'zod'

import { ApiErrorSchema } from '@storyreel/contracts/errors'

import { escapeHtml } from '#src/escape-html.ts'

type JsonSchema = Record<string, unknown>
type Operation = { method: string; path: string; schema: FastifySchema }
type DocOperation = {
  summary?: string
  description?: string
  tags?: string[]
  security?: unknown
  parameters?: unknown[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>
}

const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER

/** zod writes the safe-integer range on every int; in a contract for people it is noise. */
export function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy)
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(
      ([key, item]) =>
        key !== '$schema' &&
        !((key === 'minimum' || key === 'maximum') && Math.abs(item as number) === SAFE_INTEGER_BOUND),
    )
    return Object.fromEntries(entries.map(([key, item]) => [key, tidy(item)]))
  }
  return value
}

/** Converts one schema and moves its named parts into components, pointing $refs there. */
function toComponentSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>) {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' })
  const rewritten = JSON.parse(
    JSON.stringify(tidy(json)).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as JsonSchema
  const defs = (rewritten.$defs ?? {}) as Record<string, JsonSchema>
  delete rewritten.$defs
  for (const [name, def] of Object.entries(defs)) components[name] ??= def
  return rewritten
}

function toOpenApiPath(url: string) {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/**
 * Who may call: the session token of its kind, and on user routes that declare a scope an API key with it
 * (OpenAPI 3.1 lets a bearer scheme list the scopes it needs). The guard reads the same `apiKeyScope`.
 */
function toSecurity(schema: FastifySchema) {
  if (schema.auth === 'admin') return [{ adminToken: [] }]
  const scope = schema.apiKeyScope ?? 'none'
  if (scope === 'none') return [{ userToken: [] }]
  return [{ userToken: [] }, { apiKey: scope === 'any' ? [] : [scope].flat() }]
}

function describeKeyAccess(schema: FastifySchema): string | undefined {
  if (schema.auth !== 'user') return schema.description
  const scope = schema.apiKeyScope ?? 'none'
  const access =
    scope === 'none'
      ? 'API keys: not accepted (403 API_KEY_NOT_ALLOWED).'
      : scope === 'any'
        ? 'API keys: any key.'
        : typeof scope === 'string'
          ? `API keys: scope \`${scope}\` (403 API_KEY_SCOPE without it).`
          : `API keys: scopes ${scope.map((name) => `\`${name}\``).join(' and ')} (403 API_KEY_SCOPE without one).`
  return schema.description ? `${schema.description} ${access}` : access
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
}

export function buildOpenApiDocument(
  operations: Operation[],
  { version, serverUrl }: { version: string; serverUrl: string },
) {
  const components: Record<string, JsonSchema> = {}
  components.ApiError = toComponentSchema(ApiErrorSchema, 'output', components)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const { method, path, schema } of operations) {
    const responses: Record<string, unknown> = {}
    for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, z.ZodType>)) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? status,
        content: { 'application/json': { schema: toComponentSchema(response, 'output', components) } },
      }
    }
    if (schema.produces) responses['200'] = { description: 'OK', content: { [schema.produces]: {} } }
    else if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
      responses[method === 'get' ? '200' : '204'] = { description: method === 'get' ? 'OK' : 'No content' }
    }
    responses.default = {
      description: 'Any error, in the one error shape',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    }
    const parameters: unknown[] = []
    for (const [location, part] of [
      ['query', schema.querystring],
      ['path', schema.params],
      ['header', schema.headers],
    ] as const) {
      if (!part) continue
      const json = toComponentSchema(part as z.ZodType, 'input', components)
      const required = new Set((json.required as string[] | undefined) ?? [])
      for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
        parameters.push({ name, in: location, required: location === 'path' || required.has(name), schema: property })
      }
    }
    const operation: Record<string, unknown> = {
      operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, char: string | undefined) => (char ?? '').toUpperCase())}`,
      tags: schema.tags,
      summary: schema.summary,
      description: describeKeyAccess(schema),
      ...(schema.auth ? { security: toSecurity(schema) } : {}),
      ...(schema.auth === 'user' && schema.apiKeyScope ? { 'x-api-key-scope': schema.apiKeyScope } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(schema.uploadField
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    required: [schema.uploadField.name],
                    properties: {
                      [schema.uploadField.name]: {
                        type: 'string',
                        format: 'binary',
                        description: schema.uploadField.description,
                      },
                    },
                  },
                },
              },
            },
          }
        : {}),
      ...(schema.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: toComponentSchema(schema.body as z.ZodType, 'input', components) },
              },
            },
          }
        : {}),
      responses,
    }
    paths[toOpenApiPath(path)] = { ...paths[toOpenApiPath(path)], [method]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'StoryReel API',
      version,
      description:
        'The REST API the StoryReel web app and the iOS and Android apps share. Every non-2xx answer has the ' +
        'shape `{statusCode, error, code, message}`; `message` is a list of strings for validation failures. AI ' +
        'assistants reach the studio through the MCP server at `/mcp` (Streamable HTTP, API keys only), whose tools ' +
        'make these calls.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Auth', description: 'Signing up and in, e-mail confirmation and forgotten passwords' },
      { name: 'Account', description: "The signed-in account's password, e-mail and sessions" },
      { name: 'Sign-in providers', description: 'Apple, Google and Discord' },
      { name: 'Site', description: 'Public settings and the Free Week referral code' },
      { name: 'Studio', description: 'Projects, storyboards, renders and their files; the voice and music libraries' },
      { name: 'Media library', description: "The account's own photos, clips and tracks" },
      { name: 'API keys', description: "The account's API keys: session tokens only, never a key" },
      {
        name: 'Webhooks',
        description:
          'Endpoints that hear of renders, batches and assets, signed by the Standard Webhooks scheme: session tokens only',
      },
      { name: 'Batches', description: 'Up to 50 videos from one call or one CSV file, and their ZIP' },
      { name: 'Admin', description: 'The admin console: admin tokens only' },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        userToken: { type: 'http', scheme: 'bearer', description: 'An access_token from a sign-in call (30 days).' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (`srk_…`) made on the profile page or with POST /api/v1/api-keys. Each operation lists the ' +
            'scope it needs; calls outside them answer 403 API_KEY_SCOPE, and account, session, key and admin ' +
            'calls 403 API_KEY_NOT_ALLOWED. 120 calls a minute per key by default.',
        },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access_token from POST /admin/login (12 hours).',
        },
      },
    },
  }
}

const DOCS_STYLE = `
:root{color-scheme:dark;--bg:#0b0814;--card:#130f22;--line:#2a2245;--text:#e9e6f5;--muted:#a79fc4;--accent:#a78bfa}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:15px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:960px;margin:0 auto;padding:48px 20px 96px}h1{font-size:32px;margin:0 0 8px}h2{margin:48px 0 16px;font-size:22px}
p{color:var(--muted)}a{color:var(--accent)}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
details{background:var(--card);border:1px solid var(--line);border-radius:14px;margin:10px 0;overflow:hidden}
summary{cursor:pointer;padding:14px 18px;display:flex;gap:12px;align-items:center;flex-wrap:wrap;list-style:none}
summary:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.m{font:700 12px ui-monospace,monospace;padding:3px 8px;border-radius:6px;min-width:60px;text-align:center;color:#0b0814}
.get{background:#34d399}.post{background:#a78bfa}.patch{background:#fbbf24}.delete{background:#f87171}
.p{font-family:ui-monospace,monospace;color:#fff}.s{color:var(--muted)}.lock{margin-left:auto;font-size:12px;color:#fbbf24}
.b{padding:0 18px 18px}pre{background:#0b0814;border:1px solid var(--line);border-radius:10px;padding:12px;overflow:auto;color:#d8d2ee}
h3{font-size:14px;margin:16px 0 6px;color:#fff}\n.ref{margin:0 0 6px;font-size:13px}p code{background:#1b1530;border-radius:6px;padding:1px 6px;color:#e9e6f5}`

/** Inline `code` in descriptions, the rest escaped. */
const renderText = (text: string) =>
  escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`)

/** The readable page: the same document, grouped by tag, with no script at all. */
export function renderOpenApiPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const schemas = document.components.schemas
  // A named schema is linked and shown in full where it is used, so no one has to follow $refs by hand.
  const renderSchema = (schema: unknown) => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref?.replace('#/components/schemas/', '')
    const shown = ref ? schemas[ref] : schema
    const link = ref ? `<p class="ref">Schema <a href="#schema-${escapeHtml(ref)}">${escapeHtml(ref)}</a></p>` : ''
    return `${link}<pre>${escapeHtml(JSON.stringify(shown, null, 2))}</pre>`
  }
  // JSON answers show their schema; a file answer (an image) shows its media type.
  const renderContent = (content: Record<string, { schema?: unknown }> | undefined) => {
    if (!content) return ''
    const json = content['application/json']
    if (json) return renderSchema(json.schema)
    return `<p>${Object.keys(content)
      .map((type) => `<code>${escapeHtml(type)}</code>`)
      .join(', ')}</p>`
  }
  const sections = document.tags.map((tag) => {
    const items = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, DocOperation>)
        .filter(([, operation]) => operation.tags?.includes(tag.name))
        .map(([method, operation]) => {
          const body = operation.requestBody?.content['application/json']?.schema
          const responses = Object.entries(operation.responses)
          return [
            `<details><summary><span class="m ${method}">${method.toUpperCase()}</span><span class="p">${escapeHtml(path)}</span>`,
            `<span class="s">${escapeHtml(operation.summary ?? '')}</span>`,
            operation.security ? '<span class="lock">Bearer token</span>' : '',
            '</summary><div class="b">',
            operation.description ? `<p>${renderText(operation.description)}</p>` : '',
            operation.parameters
              ? `<h3>Parameters</h3><pre>${escapeHtml(JSON.stringify(operation.parameters, null, 2))}</pre>`
              : '',
            body ? `<h3>Request body</h3>${renderSchema(body)}` : '',
            ...responses.map(
              ([status, response]) =>
                `<h3>${escapeHtml(status)} · ${escapeHtml(response.description)}</h3>${renderContent(response.content)}`,
            ),
            '</div></details>',
          ].join('')
        }),
    )
    return items.length === 0
      ? ''
      : `<h2 id="${escapeHtml(tag.name.toLowerCase().replace(/\W+/g, '-'))}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description)}</p>${items.join('')}`
  })
  const schemaList = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<details id="schema-${escapeHtml(name)}"><summary><span class="p">${escapeHtml(name)}</span></summary><div class="b"><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></div></details>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>StoryReel API ${escapeHtml(document.info.version)}</title><style>${DOCS_STYLE}</style></head><body><main><h1>StoryReel API</h1><p>${renderText(document.info.description)}</p><p>OpenAPI 3.1 document: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a></p>${sections.join('')}<h2 id="schemas">Schemas</h2>${schemaList}</main></body></html>`
}

/**
 * Every /api/v1 route says who may call it: public (no `auth`), or with `auth: 'user'` whether an API key may,
 * in `apiKeyScope`. A route that forgets stops the server from starting, so no call is opened to keys, or
 * closed to them, by omission.
 */
function requireKeyAccessDeclared(route: RouteOptions): void {
  if (!route.url.startsWith('/api/v1/') || route.schema?.hide) return
  if (!route.schema) throw new Error(`${String(route.method)} ${route.url} has no schema: say who may call it`)
  if (route.schema.auth === 'user' && route.schema.apiKeyScope === undefined) {
    throw new Error(`${String(route.method)} ${route.url} must declare apiKeyScope: a scope, 'any' or 'none'`)
  }
}

/**
 * Collects every route that declares a schema and serves the contract at /api/docs/openapi.json and as a
 * readable page at /api/docs. Register it before the routes it should see.
 */
export function registerOpenApi(app: FastifyInstance, { version, serverUrl }: { version: string; serverUrl: string }) {
  const operations: Operation[] = []
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema
    requireKeyAccessDeclared(route)
    if (!schema || schema.hide) return
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      operations.push({ method: method.toLowerCase(), path: route.url, schema })
    }
  })
  let cached: { json: string; html: string; styleHash: string } | undefined
  const getDocs = () => {
    if (!cached) {
      const document = buildOpenApiDocument(operations, { version, serverUrl })
      cached = {
        json: JSON.stringify(document),
        html: renderOpenApiPage(document),
        styleHash: createHash('sha256').update(DOCS_STYLE).digest('base64'),
      }
    }
    return cached
  }
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(getDocs().json),
  )
  app.get('/api/docs', { schema: { hide: true } }, (_request, reply) => {
    const docs = getDocs()
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'sha256-${docs.styleHash}'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(docs.html)
  })
}
