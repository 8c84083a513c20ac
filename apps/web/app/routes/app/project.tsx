import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'

import { ErrorPage } from '#app/components/error-page.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { ProjectStudio, projectQueryKey } from '#app/features/studio/project-studio.tsx'
import { isNotFound } from '#app/features/studio/studio-errors.ts'
import { studioApi } from '#app/features/studio/studio-api.ts'
import { pageTitle } from '#app/lib/seo.ts'

import type { Route } from './+types/project'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Studio') }, { name: 'robots', content: 'noindex' }]
}

export default function ProjectRoute({ params }: Route.ComponentProps) {
  const { pathname } = useLocation()
  const project = useQuery({
    queryKey: projectQueryKey(params.id),
    queryFn: () => studioApi.getProject(params.id),
    // The studio keeps its own draft; a background refetch must not reset what the user is typing.
    staleTime: Infinity,
    retry: (count, error) => !isNotFound(error) && count < 1,
  })
  if (project.isPending)
    return (
      <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8" aria-busy="true" aria-label="Loading the project">
        <div className="h-9 w-72 max-w-full animate-pulse rounded-xl bg-raised" />
        <div className="mt-8 grid gap-6 desktop:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="space-y-6">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-56 animate-pulse rounded-3xl bg-raised" />
            ))}
          </div>
          <div className="h-72 animate-pulse rounded-3xl bg-raised" />
        </div>
      </div>
    )
  if (project.isError) {
    if (isNotFound(project.error)) return <ErrorPage status={404} message={`Page not found: ${pathname}`} />
    return (
      <div role="alert" className="mx-auto max-w-xl px-5 py-24 text-center">
        <h1 className="text-2xl font-bold text-ink">This project could not be loaded</h1>
        <button type="button" className="btn-secondary mt-6" onClick={() => void project.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  return <ProjectStudio key={project.data.id} project={project.data} />
}
