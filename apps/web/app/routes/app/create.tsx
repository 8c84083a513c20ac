import { useNavigate, useSearchParams } from 'react-router'

import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { CreateForm } from '#app/features/studio/create-form.tsx'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Create a video') }, { name: 'robots', content: 'noindex' }]
}

const MUSIC_ID = /^[a-z0-9][a-z0-9-]{1,63}$/
const TEMPLATE_ID = /^(?:builtin-[a-z0-9-]{2,60}|[0-9a-f-]{36})$/

export default function CreateRoute() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const music = params.get('music')
  const template = params.get('template')
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 tablet:px-8 desktop:py-14">
      <header className="max-w-2xl">
        <p className="eyebrow text-accent">Step 1 of 2 · the idea</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink tablet:text-4xl">Create a video</h1>
        <p className="mt-2 text-muted">
          Start from a prompt, your own script or a template. We turn it into a storyboard you can edit scene by scene
          before anything renders.
        </p>
      </header>
      <div className="mt-8">
        <CreateForm
          initialMusicId={music && MUSIC_ID.test(music) ? music : undefined}
          initialTemplateId={template && TEMPLATE_ID.test(template) ? template : undefined}
          onCreated={(project) => void navigate(`/app/projects/${project.id}`)}
        />
      </div>
    </div>
  )
}
