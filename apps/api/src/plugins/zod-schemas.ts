import type { FastifyInstance, FastifySchemaValidationError, FastifyTypeProvider } from 'fastify'
import fastJson from 'fast-json-stringify'
import { z } from 'zod'

import type { ApiKeyScope } from '@storyreel/contracts/api-keys'

/**
 * Route schemas are the zod schemas of packages/contracts: the same objects validate requests here, type
 * the handlers, shape the responses and generate the OpenAPI document (plugins/openapi.ts).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown
}

declare module 'fastify' {
  interface FastifySchema {
    summary?: string
    description?: string
    tags?: string[]
    /** 'user' for a user bearer token, 'admin' for an admin one; omitted for public calls. */
    auth?: 'user' | 'admin'
    /**
     * Whether an API key may make this call: the scope it needs (or the scopes, all of them, for a call that
     * does the work of several), 'any' for any key, or 'none' for a session only (account, session, key and
     * admin calls). Every user route declares it; the guard and the OpenAPI document both read it (decision 060).
     */
    apiKeyScope?: ApiKeyScope | readonly ApiKeyScope[] | 'any' | 'none'
    /** The media type of a successful answer that is a file rather than JSON, such as `image/webp`. */
    produces?: string
    /** A body that is one uploaded file in a multipart/form-data field of this name, described for people. */
    uploadField?: { name: string; description: string }
    /** Left out of the OpenAPI document (the document's own routes). */
    hide?: boolean
  }
}

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema
}

function toValidationErrors(error: z.ZodError): FastifySchemaValidationError[] {
  return error.issues.map((issue) => ({
    keyword: issue.code,
    instancePath: issue.path.map(String).join('.'),
    schemaPath: '',
    params: {},
    message: issue.message,
  }))
}

export function registerZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    if (!isZodSchema(schema)) throw new Error('Route schemas must be zod schemas from @storyreel/contracts')
    return (data) => {
      const result = schema.safeParse(data)
      return result.success ? { value: result.data } : { error: toValidationErrors(result.error) }
    }
  })
  app.setSerializerCompiler(({ schema }) => {
    if (!isZodSchema(schema)) throw new Error('Response schemas must be zod schemas from @storyreel/contracts')
    return compileResponseSerializer(schema)
  })
}

/**
 * A response leaves through a serializer compiled once from its contract: fast-json-stringify over the JSON
 * Schema zod gives for it, which writes only the fields the contract names (so a column it does not name, a
 * hash or an internal flag, can never reach a client), in the contract's types, and fails the call when a
 * required field is missing. It does not re-check formats or enums, which our own code produced: parsing
 * each response with zod took several microseconds of a cached auth/me call (decision 023). A contract
 * that JSON Schema cannot state whole (a transform, a default, a date) is still parsed with zod.
 * @see https://github.com/fastify/fast-json-stringify
 */
export function compileResponseSerializer(schema: z.ZodType): (data: unknown) => string {
  const parseAndStringify = (data: unknown) => JSON.stringify(schema.parse(data))
  let input: unknown
  let output: unknown
  try {
    input = z.toJSONSchema(schema, { target: 'draft-07', io: 'input' })
    output = z.toJSONSchema(schema, { target: 'draft-07', io: 'output' })
  } catch {
    return parseAndStringify
  }
  // Input and output differ (beyond output objects being closed) exactly when parsing would change the
  // value: a default filled in, a transform.
  if (JSON.stringify(withOpenObjects(input)) !== JSON.stringify(withOpenObjects(output))) return parseAndStringify
  return fastJson(output as Parameters<typeof fastJson>[0])
}

function withOpenObjects(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withOpenObjects)
  if (typeof json !== 'object' || json === null) return json
  return Object.fromEntries(
    Object.entries(json)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withOpenObjects(value)]),
  )
}
