import { z } from 'zod'

/** The one shape of every non-2xx API answer. `message` is a list only for validation failures. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  message: z.union([z.string(), z.array(z.string())]),
})

export type ApiError = z.infer<typeof ApiErrorSchema>
