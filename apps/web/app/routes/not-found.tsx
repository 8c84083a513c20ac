import { useLocation } from 'react-router'

import { ErrorPage } from '#app/components/error-page.tsx'
import { pageTitle } from '#app/lib/seo.ts'

export function meta() {
  return [{ title: pageTitle('Page not found') }, { name: 'robots', content: 'noindex' }]
}

/** Any unmatched URL: a non-fatal 404. The server answers these with status 404. */
export default function NotFound() {
  const { pathname } = useLocation()
  return <ErrorPage status={404} message={`Page not found: ${pathname}`} />
}
