import { z } from 'zod'

/**
 * Redirect rules shared by the server (answers with the status) and the client router (honours them on
 * navigation). Keys are decoded pathnames; `to` is an internal path or an absolute external URL.
 */
export const RouteRuleSchema = z.object({
  redirect: z.object({
    to: z.string().refine((to) => /^\/(?![/\\])/.test(to) || /^https:\/\/[^/]/.test(to), {
      message: 'must be an internal path or an https URL',
    }),
    // Required, so the browser (which reads the file without this schema) sees the same status as the server.
    statusCode: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
  }),
})

export const RouteRulesSchema = z.record(
  z.string().startsWith('/', { message: 'route rule keys are paths starting with /' }),
  RouteRuleSchema,
)

export type RouteRule = z.infer<typeof RouteRuleSchema>
export type RouteRules = z.infer<typeof RouteRulesSchema>
