import { ApiError } from '#app/lib/api-client.ts'

/** Plain words for the studio's refusals; the server's own message follows where it helps. */
export function explainStudioError(error: unknown): { title: string; detail: string[] } | undefined {
  if (!(error instanceof ApiError)) return undefined
  switch (error.code) {
    case 'RENDER_LIMIT_REACHED':
      return { title: 'You have used all of today’s renders', detail: error.messages }
    case 'RESOLUTION_NOT_IN_PLAN':
      return { title: '1080p is part of the paid plan', detail: error.messages }
    case 'RENDER_IN_PROGRESS':
      return { title: 'This project is already rendering', detail: error.messages }
    case 'STORYBOARD_INVALID':
      return { title: 'The storyboard needs a few fixes before it can render', detail: error.messages }
    case 'ACCOUNT_NOT_CONFIRMED':
      return { title: 'Confirm your e-mail to render videos', detail: error.messages }
    default:
      return undefined
  }
}

export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.code === 'PROJECT_NOT_FOUND')
