import { z } from 'zod'

import { SingleLineTextSchema } from './request-text.ts'

/**
 * API keys: other tools (a spreadsheet script, an automation flow, an assistant) call the API with a key the
 * owner made on the profile page, limited to the scopes it was given. Voices, music, styles and usage are
 * readable by any key; account, session, key and admin calls never accept one.
 */

/** What a key may be given, each with the words the profile page shows for it. */
export const API_KEY_SCOPE_INFO = [
  { scope: 'projects:read', label: 'Read projects', description: 'List projects, read storyboards and renders' },
  { scope: 'projects:write', label: 'Edit projects', description: 'Create, change and delete projects' },
  { scope: 'renders:write', label: 'Render videos', description: 'Start, cancel and retry renders' },
  { scope: 'assets:read', label: 'Read media', description: 'List the media library and the brand kit' },
  { scope: 'assets:write', label: 'Edit media', description: 'Upload, import and delete media; edit the brand kit' },
  {
    scope: 'templates:read',
    label: 'Read templates',
    description: 'List and read templates (starting a project from one needs projects:write)',
  },
] as const

export const API_KEY_SCOPES = API_KEY_SCOPE_INFO.map((info) => info.scope) as [
  (typeof API_KEY_SCOPE_INFO)[number]['scope'],
  ...(typeof API_KEY_SCOPE_INFO)[number]['scope'][],
]
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES).meta({ id: 'ApiKeyScope' })

export const API_KEY_NAME_MAX_CHARS = 60

/** Every key starts with this, so a client, a log scanner or the API itself can tell one from a session token. */
export const API_KEY_PREFIX = 'srk_'

export const CreateApiKeyBodySchema = z
  .strictObject({
    name: SingleLineTextSchema.trim().min(1, 'is required').max(API_KEY_NAME_MAX_CHARS),
    scopes: z
      .array(ApiKeyScopeSchema)
      .min(1, 'choose at least one scope')
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope'),
  })
  .meta({ id: 'CreateApiKeyBody' })
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>

export const ApiKeyParamsSchema = z.strictObject({ id: z.uuid() })

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z
      .string()
      .meta({ description: 'The first characters of the key, to tell keys apart.', example: 'srk_4f9Qa2' }),
    scopes: z.array(ApiKeyScopeSchema),
    created_at: z.iso.datetime({ offset: true }),
    last_used_at: z.iso.datetime({ offset: true }).nullable().meta({ description: 'Updated at most once a minute.' }),
  })
  .meta({ id: 'ApiKey' })
export type ApiKey = z.infer<typeof ApiKeySchema>

export const CreatedApiKeySchema = ApiKeySchema.extend({
  secret: z.string().meta({ description: 'The whole key. Shown in this answer only; the API keeps its hash.' }),
}).meta({ id: 'CreatedApiKey' })
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>

export const ApiKeyListSchema = z
  .object({
    api_keys: z.array(ApiKeySchema),
    limit: z.number().int().min(0).meta({ description: "How many keys the account's plan allows." }),
  })
  .meta({ id: 'ApiKeyList' })
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>
