import { RouteRulesSchema, type RouteRules } from '@storyreel/contracts/route-rules'

export class RouteRulesError extends Error {}

/**
 * Parses the route rules file's text; defaults (such as statusCode 301) are filled in, so the server
 * reads the result as it is. Throws a RouteRulesError naming the file and every problem.
 */
export function parseRouteRules(text: string, source: string): RouteRules {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new RouteRulesError(`${source} is not valid JSON: ${(error as Error).message}`)
  }
  const result = RouteRulesSchema.safeParse(raw)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(' > ') || '(root)'}: ${issue.message}`)
    throw new RouteRulesError(`${source} has invalid route rules:\n  ${problems.join('\n  ')}`)
  }
  return result.data
}
