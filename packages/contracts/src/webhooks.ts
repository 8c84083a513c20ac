import { z } from 'zod'

import { SINGLE_LINE_TEXT_CHECKS, SingleLineTextSchema } from './request-text.ts'

/**
 * Webhooks: an account's endpoints hear of its renders, batches and assets, signed by the Standard Webhooks
 * scheme (https://www.standardwebhooks.com): headers `webhook-id`, `webhook-timestamp` and `webhook-signature`,
 * which receivers check with that scheme's libraries and the endpoint's secret.
 */

export const WEBHOOK_EVENT_INFO = [
  { type: 'render.succeeded', description: 'A render finished; its video can be downloaded.' },
  { type: 'render.failed', description: 'A render stopped with an error.' },
  { type: 'render.canceled', description: 'A render was canceled.' },
  { type: 'batch.completed', description: 'Every video of a batch has finished, failed or been canceled.' },
  { type: 'asset.ready', description: 'An uploaded or imported photo, clip or track is ready to use.' },
] as const

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_INFO.map((info) => info.type) as [
  (typeof WEBHOOK_EVENT_INFO)[number]['type'],
  ...(typeof WEBHOOK_EVENT_INFO)[number]['type'][],
]
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: 'WebhookEventType' })

/** How many endpoints an account may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10
export const WEBHOOK_URL_MAX_CHARS = 2000
export const WEBHOOK_DESCRIPTION_MAX_CHARS = 100
/** After each failed try, the next waits this long; after the last, the delivery has failed (about a day in all). */
export const WEBHOOK_RETRY_SECONDS = [5, 30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600] as const
/** An endpoint that has failed every try for this long is turned off, and its owner told by e-mail. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3
/** Deliveries and their tries are kept this long, then deleted. */
export const WEBHOOK_LOG_DAYS = 30
/** A receiver must answer within this, or the try counts as failed. */
export const WEBHOOK_TIMEOUT_SECONDS = 10
/** How much of a receiver's answer the log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500

const WebhookUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(WEBHOOK_URL_MAX_CHARS)
  .check(...SINGLE_LINE_TEXT_CHECKS)
  .meta({ description: 'An https:// address that answers a POST with a 2xx status within 10 seconds.' })

const eventsSchema = z
  .array(WebhookEventTypeSchema)
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'must not repeat an event')

export const CreateWebhookBodySchema = z
  .strictObject({
    url: WebhookUrlSchema,
    events: eventsSchema,
    description: SingleLineTextSchema.trim().max(WEBHOOK_DESCRIPTION_MAX_CHARS).optional(),
  })
  .meta({ id: 'CreateWebhookBody' })
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>

export const UpdateWebhookBodySchema = z
  .strictObject({
    url: WebhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    description: SingleLineTextSchema.trim().max(WEBHOOK_DESCRIPTION_MAX_CHARS).optional(),
    enabled: z
      .boolean()
      .optional()
      .meta({ description: 'Turning an endpoint on again resumes its waiting deliveries.' }),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .meta({ id: 'UpdateWebhookBody' })
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>

export const WebhookParamsSchema = z.strictObject({ id: z.uuid() })
export const WebhookDeliveryParamsSchema = z.strictObject({ id: z.uuid(), deliveryId: z.uuid() })

export const WebhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(WebhookEventTypeSchema),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().meta({
      description: 'Why StoryReel turned it off (three days of failures); null when on or turned off by you.',
    }),
    failing_since: z.iso.datetime({ offset: true }).nullable(),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WebhookEndpoint' })
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

export const CreatedWebhookSchema = WebhookEndpointSchema.extend({
  secret: z.string().meta({
    description: 'The signing secret (`whsec_…`). Shown in this answer only: keep it where your receiver can read it.',
  }),
}).meta({ id: 'CreatedWebhook' })
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>

export const WebhookListSchema = z
  .object({ webhooks: z.array(WebhookEndpointSchema), limit: z.number().int() })
  .meta({ id: 'WebhookList' })
export type WebhookList = z.infer<typeof WebhookListSchema>

export const WebhookAttemptSchema = z
  .object({
    attempted_at: z.iso.datetime({ offset: true }),
    status_code: z.number().int().nullable().meta({ description: 'The answer’s HTTP status; null when none came.' }),
    latency_ms: z.number().int(),
    error: z.string().nullable(),
    response_excerpt: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' })

export const WebhookDeliverySchema = z
  .object({
    id: z.uuid(),
    message_id: z.string().meta({ description: 'The `webhook-id` header: the same on every try and on send again.' }),
    event_type: WebhookEventTypeSchema,
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    next_attempt_at: z.iso.datetime({ offset: true }).nullable(),
    created_at: z.iso.datetime({ offset: true }),
    payload: z.unknown(),
    tries: z.array(WebhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' })
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>

export const WebhookDeliveryListSchema = z
  .object({ deliveries: z.array(WebhookDeliverySchema) })
  .meta({ id: 'WebhookDeliveryList' })
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>
