import { ApiError } from '#app/lib/api-client.ts'

/** What a screen says beside a form when a call fails: the server's own words, or why none came. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.messages.join('\n')
  return 'StoryReel could not be reached. Check your connection and try again.'
}

/** The codes of a problem with an e-mailed code, shown beside the code boxes. */
export function isCodeProblem(error: unknown): boolean {
  return error instanceof ApiError && error.code.startsWith('EMAIL_CODE_')
}
