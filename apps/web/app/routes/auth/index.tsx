import { routeMiddleware } from '#app/features/auth/route-middleware.ts'

// /auth on its own has no screen: app-redirect always sends the visitor on (decision 013).
export const clientMiddleware = routeMiddleware('app-redirect')

export default function AuthIndexRoute() {
  return null
}
