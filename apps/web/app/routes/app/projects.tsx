import { Link } from 'react-router'

import { SparkIcon } from '#app/components/ui/icons.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { ProjectsGrid } from '#app/features/studio/projects-grid.tsx'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Your projects') }, { name: 'robots', content: 'noindex' }]
}

export default function ProjectsRoute() {
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Your projects</h1>
          <p className="mt-1 text-sm text-muted">Every storyboard and render, newest first.</p>
        </div>
        <Link to="/app/create" className="btn-primary text-sm">
          <SparkIcon className="h-4 w-4" /> Create a video
        </Link>
      </header>
      <div className="mt-8">
        <ProjectsGrid />
      </div>
    </div>
  )
}
