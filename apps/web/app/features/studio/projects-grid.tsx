import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'

import { PROJECT_TITLE_MAX_CHARS, type ProjectSummary } from '@storyreel/contracts/studio'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormField } from '#app/components/ui/form-field.tsx'
import { SparkIcon } from '#app/components/ui/icons.tsx'
import { toasts } from '#app/lib/toast.ts'

import { ProjectCard, ProjectCardSkeleton } from './project-card.tsx'
import { studioApi } from './studio-api.ts'
import { StyleSwatch } from './style-swatch.tsx'

export const projectsQuery = { queryKey: ['studio', 'projects'], queryFn: () => studioApi.listProjects() } as const

type Pending = { kind: 'rename' | 'delete'; project: ProjectSummary }

/** Every project, newest first, with open, rename, duplicate and delete. */
export function ProjectsGrid() {
  const queryClient = useQueryClient()
  const projects = useQuery(projectsQuery)
  const [pending, setPending] = useState<Pending>()
  const [title, setTitle] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['studio', 'projects'] })

  const duplicate = useMutation({
    mutationFn: (project: ProjectSummary) => studioApi.duplicateProject(project.id),
    onSuccess: (copy) => {
      toasts.notify({ tone: 'positive', message: `Duplicated as “${copy.title}”.` })
      return refresh()
    },
  })
  const rename = useMutation({
    mutationFn: ({ id, title: next }: { id: string; title: string }) => studioApi.updateProject(id, { title: next }),
    onSuccess: () => {
      setPending(undefined)
      return refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (project: ProjectSummary) => studioApi.deleteProject(project.id),
    onSuccess: (_result, project) => {
      setPending(undefined)
      toasts.notify({ tone: 'positive', message: `Deleted “${project.title}”.` })
      return refresh()
    },
  })

  if (projects.isPending)
    return (
      <ul className="grid gap-5 tablet:grid-cols-2 desktop:grid-cols-3" aria-busy="true" aria-label="Loading projects">
        {[0, 1, 2].map((i) => (
          <ProjectCardSkeleton key={i} />
        ))}
      </ul>
    )
  if (projects.isError)
    return (
      <div role="alert" className="glass rounded-3xl p-8 text-center">
        <p className="font-semibold text-ink">Your projects could not be loaded.</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void projects.refetch()}>
          Try again
        </button>
      </div>
    )
  if (projects.data.projects.length === 0)
    return (
      <div className="glass relative overflow-hidden rounded-3xl p-8 text-center tablet:p-12">
        <div className="mx-auto grid max-w-sm grid-cols-3 gap-2 opacity-90" aria-hidden="true">
          {(['cinematic', 'anime', 'watercolor'] as const).map((style, i) => (
            <StyleSwatch
              key={style}
              style={style}
              className={`aspect-[9/16] w-full rounded-xl shadow-lg ${i === 1 ? '-translate-y-2' : 'translate-y-2'}`}
            />
          ))}
        </div>
        <h2 className="mt-8 text-xl font-bold text-ink">No videos yet</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-muted">
          Write a prompt or paste a script, review the storyboard scene by scene, and render an MP4 with voice, music
          and captions.
        </p>
        <Link to="/app/create" className="btn-primary mt-6">
          <SparkIcon className="h-4 w-4" /> Create your first video
        </Link>
      </div>
    )

  return (
    <>
      <ul className="grid gap-5 tablet:grid-cols-2 desktop:grid-cols-3" aria-label="Projects">
        {projects.data.projects.map((project) => (
          <ProjectCard
            key={project.id}
            project={project}
            busy={duplicate.isPending && duplicate.variables.id === project.id}
            onRename={() => {
              setTitle(project.title)
              setPending({ kind: 'rename', project })
            }}
            onDuplicate={() => duplicate.mutate(project)}
            onDelete={() => setPending({ kind: 'delete', project })}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={pending?.kind === 'rename'}
        title="Rename project"
        confirmLabel="Rename"
        busy={rename.isPending}
        confirmDisabled={!title.trim() || title.trim() === pending?.project.title}
        onClose={() => setPending(undefined)}
        onConfirm={() => {
          if (pending) rename.mutate({ id: pending.project.id, title: title.trim() })
        }}
      >
        <FormField
          label="Title"
          value={title}
          maxLength={PROJECT_TITLE_MAX_CHARS}
          onChange={(event) => setTitle(event.target.value)}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        title={`Delete “${pending?.project.title ?? ''}”?`}
        confirmLabel="Delete project"
        tone="danger"
        busy={remove.isPending}
        onClose={() => setPending(undefined)}
        onConfirm={() => {
          if (pending) remove.mutate(pending.project)
        }}
      >
        <p>The storyboard, its renders and their downloads are removed for good.</p>
      </ConfirmDialog>
    </>
  )
}
