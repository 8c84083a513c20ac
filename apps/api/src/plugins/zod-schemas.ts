import type { FastifyInstance, FastifySchemaValidationError, FastifyTypeProvider } from 'fastify'
import type { z } from 'zod'

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
  // A response is parsed with its schema before it leaves, so a column the contract does not name (a hash,
  // an internal flag) can never reach a client.
  app.setSerializerCompiler(({ schema }) => {
    if (!isZodSchema(schema)) throw new Error('Response schemas must be zod schemas from @storyreel/contracts')
    return (data) => JSON.stringify(schema.parse(data))
  })
}
