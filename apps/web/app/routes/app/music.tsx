import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { MusicLibrary } from '#app/features/studio/music-library.tsx'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Music library') }, { name: 'robots', content: 'noindex' }]
}

export default function MusicRoute() {
  return (
    <div className="mx-auto max-w-4xl px-5 py-10 tablet:px-8 desktop:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Music library</h1>
      <p className="mt-1 text-sm text-muted">
        Every track is cleared for your videos; the licence is listed on each one and on your export’s receipt.
      </p>
      <div className="mt-8">
        <MusicLibrary />
      </div>
    </div>
  )
}
