import { z } from 'zod'

import { STOCK_PROVIDERS } from './stock.ts'

/** GET /api/v1/config: what a client needs before sign-in. A provider is on only when the server has it configured. */
export const PublicConfigSchema = z
  .object({
    api_version: z.literal(1),
    sign_in: z.object({ apple: z.boolean(), google: z.boolean(), discord: z.boolean() }),
    apple: z.object({ client_id: z.string(), redirect_uri: z.string().nullable() }).nullable(),
    google: z.object({ client_id: z.string() }).nullable(),
    discord: z.object({ client_id: z.string(), redirect_uri: z.string(), authorize_url: z.string() }).nullable(),
    password: z.object({ min_length: z.number().int(), max_length: z.number().int() }),
    confirmation_code: z.object({ length: z.number().int(), resend_seconds: z.number().int() }),
    studio: z.object({
      script_writer: z.enum(['offline', 'hosted']).meta({
        description:
          'Who drafts storyboards from a prompt: the offline writer, or a hosted model when the server has SCRIPT_API_URL.',
      }),
      hosted_images: z.boolean().meta({
        description:
          "Whether a hosted image engine pictures scenes (IMAGE_API_URL): then a scene may choose it ('generated') or the built-in illustrator ('drawn').",
      }),
      stock: z.array(z.enum(STOCK_PROVIDERS)).default([]).meta({
        description:
          'The stock libraries scenes can be searched in (PEXELS_API_KEY, PIXABAY_API_KEY); empty: none is turned on.',
      }),
    }),
  })
  .meta({ id: 'PublicConfig' })
export type PublicConfig = z.infer<typeof PublicConfigSchema>
