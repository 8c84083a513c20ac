import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { BrandKitScreen } from '#app/features/brand-kit/brand-kit-editor.tsx'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Brand kit') }, { name: 'robots', content: 'noindex' }]
}

export default function BrandRoute() {
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Brand kit</h1>
      <p className="mt-1 max-w-2xl text-sm text-muted">
        Your logo, colours, font and cards, on every video you make. Set them once here; the preview shows how a video
        will look.
      </p>
      <BrandKitScreen />
    </div>
  )
}
