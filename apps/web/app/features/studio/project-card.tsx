import { Link } from 'react-router'

import { VIDEO_STYLE_LABELS, type ProjectSummary } from '@storyreel/contracts/studio'

import { formatClock, formatDateTime, formatRelativeTime } from './format.ts'
import { CopyIcon, PencilIcon, TrashIcon } from '#app/components/ui/icons.tsx'
import { StyleSwatch } from './style-swatch.tsx'

const STATUS: Record<ProjectSummary['status'], { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-raised text-muted' },
  queued: { label: 'Queued', className: 'bg-accent/15 text-accent' },
  rendering: { label: 'Rendering', className: 'bg-accent/15 text-accent' },
  ready: { label: 'Ready', className: 'bg-emerald-400/15 text-emerald-700 dark:text-emerald-400' },
  failed: { label: 'Failed', className: 'bg-rose-400/15 text-rose-700 dark:text-rose-400' },
  canceled: { label: 'Canceled', className: 'bg-amber-400/15 text-amber-700 dark:text-amber-300' },
}

const actionClass =
  'grid h-9 w-9 place-items-center rounded-full text-muted transition-colors hover:bg-raised hover:text-ink disabled:opacity-50'

export function ProjectCard({
  project,
  busy,
  onRename,
  onDuplicate,
  onDelete,
}: {
  project: ProjectSummary
  busy: boolean
  onRename: () => void
  onDuplicate: () => void
  onDelete: () => void
}) {
  const status = STATUS[project.status]
  const href = `/app/projects/${project.id}`
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-3xl border border-line bg-surface/80 transition-colors hover:border-accent/60">
      <Link
        to={href}
        className="relative block aspect-video overflow-hidden bg-raised"
        tabIndex={-1}
        aria-hidden="true"
      >
        {project.thumbnail_url ? (
          <img
            src={project.thumbnail_url}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <StyleSwatch style={project.style} className="h-full w-full opacity-90" />
        )}
        <span className="absolute bottom-2 right-2 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">
          {formatClock(project.duration_seconds)}
        </span>
        <span className="absolute bottom-2 left-2 rounded-md bg-black/60 px-1.5 py-0.5 text-[11px] font-medium text-white">
          {project.aspect_ratio} · {VIDEO_STYLE_LABELS[project.style]}
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-base font-semibold text-ink">
            <Link
              to={href}
              className="line-clamp-2 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {project.title}
            </Link>
          </h2>
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.className}`}>
            {status.label}
          </span>
        </div>
        <p className="text-xs text-muted">
          {project.scene_count} {project.scene_count === 1 ? 'scene' : 'scenes'} · edited{' '}
          <time dateTime={project.updated_at} title={formatDateTime(project.updated_at)}>
            {formatRelativeTime(project.updated_at)}
          </time>
        </p>
        <div className="relative z-10 mt-auto flex items-center justify-end gap-1 pt-1">
          <button
            type="button"
            className={actionClass}
            onClick={onRename}
            disabled={busy}
            aria-label={`Rename ${project.title}`}
          >
            <PencilIcon className="h-4 w-4" />
          </button>
          <button
            type="button"
            className={actionClass}
            onClick={onDuplicate}
            disabled={busy}
            aria-label={`Duplicate ${project.title}`}
          >
            <CopyIcon className="h-4 w-4" />
          </button>
          <button
            type="button"
            className={`${actionClass} hover:text-rose-600 dark:hover:text-rose-400`}
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${project.title}`}
          >
            <TrashIcon className="h-4 w-4" />
          </button>
        </div>
      </div>
    </li>
  )
}

export function ProjectCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-3xl border border-line bg-surface/60" aria-hidden="true">
      <div className="aspect-video animate-pulse bg-raised" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-2/3 animate-pulse rounded bg-raised" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-raised" />
      </div>
    </li>
  )
}
