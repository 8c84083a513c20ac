import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'

import { OWN_WORDS_PROMPT } from '@storyreel/contracts/studio'
import { TEMPLATE_NAME_MAX_CHARS, type Template } from '@storyreel/contracts/templates'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FilmIcon, PencilIcon, TrashIcon } from '#app/components/ui/icons.tsx'

import { formatClock } from './format.ts'
import { studioApi } from './studio-api.ts'

export const templatesQuery = {
  queryKey: ['studio', 'templates'],
  queryFn: studioApi.listTemplates,
  staleTime: 60_000,
} as const

const seconds = (template: Template) => template.scenes.reduce((sum, scene) => sum + scene.duration, 0)

/** What a scene of a template holds: its words, or what its placeholder asks for. */
export function describeTemplateScene(narration: string): { own: boolean; text: string } {
  const placeholder = OWN_WORDS_PROMPT.exec(narration)?.[0]
  if (!placeholder) return { own: false, text: narration }
  const asked = placeholder.replace(/^\[\s*In your own words[^:]*:\s*/iu, '').replace(/\]$/u, '')
  return { own: true, text: asked }
}

/**
 * "Start from a template": the eight built-in templates with their stills, then the account's own, which it
 * can rename and delete. Choosing one fills the create form with its settings and shows its scenes.
 */
export function TemplatePicker({
  chosenId,
  onChoose,
}: {
  chosenId: string | undefined
  onChoose: (template: Template | undefined) => void
}) {
  const templates = useQuery(templatesQuery)
  const headingId = useId()
  const client = useQueryClient()
  const [renaming, setRenaming] = useState<Template>()
  const [deleting, setDeleting] = useState<Template>()
  const [name, setName] = useState('')
  const refresh = () => client.invalidateQueries({ queryKey: templatesQuery.queryKey })
  const rename = useMutation({
    mutationFn: ({ id, name: next }: { id: string; name: string }) => studioApi.renameTemplate(id, next),
    onSuccess: () => {
      setRenaming(undefined)
      void refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (id: string) => studioApi.deleteTemplate(id),
    onSuccess: (_result, id) => {
      setDeleting(undefined)
      if (id === chosenId) onChoose(undefined)
      void refresh()
    },
  })
  const list = templates.data?.templates ?? []

  return (
    <section aria-labelledby={headingId} className="mb-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink">
          Start from a template
        </h2>
        {templates.data?.own ? (
          <p className="text-xs text-muted">
            Your own: {templates.data.own.count} of {templates.data.own.limit}. Save one from any storyboard.
          </p>
        ) : null}
      </div>
      {templates.isPending ? (
        <ul className="mt-3 flex gap-3 overflow-hidden" aria-label="Loading templates">
          {[0, 1, 2, 3].map((index) => (
            <li key={index} className="h-52 w-40 shrink-0 animate-pulse rounded-2xl bg-surface" />
          ))}
        </ul>
      ) : templates.isError ? (
        <div role="alert" className="mt-3 rounded-2xl border border-line p-4 text-sm text-muted">
          The templates could not be loaded.{' '}
          <button
            type="button"
            className="font-semibold text-accent underline"
            onClick={() => void templates.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <ul
          className="-mx-5 mt-3 flex snap-x scroll-px-5 gap-3 overflow-x-auto px-5 pb-2 tablet:-mx-8 tablet:scroll-px-8 tablet:px-8"
          aria-label="Templates"
        >
          {list.map((template) => {
            const chosen = template.id === chosenId
            return (
              <li key={template.id} className="w-40 shrink-0 snap-start tablet:w-44">
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onChoose(chosen ? undefined : template)}
                  className={`group block w-full overflow-hidden rounded-2xl border bg-surface text-left transition-colors focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none ${
                    chosen ? 'border-accent ring-2 ring-accent' : 'border-line hover:border-accent/60'
                  }`}
                >
                  <span className="block aspect-[4/5] overflow-hidden bg-raised">
                    {template.still_url ? (
                      <img
                        src={template.still_url}
                        alt=""
                        loading="lazy"
                        className="h-full w-full object-cover transition-transform group-hover:scale-[1.03]"
                      />
                    ) : (
                      <span className="grid h-full w-full place-items-center text-subtle" aria-hidden="true">
                        <span className="flex flex-col items-center gap-1 text-xs">
                          <FilmIcon className="h-7 w-7" />
                          Your template
                        </span>
                      </span>
                    )}
                  </span>
                  <span className="block px-3 py-2.5">
                    <span className="block truncate text-sm font-semibold text-ink">{template.name}</span>
                    <span className="block text-xs text-muted tabular-nums">
                      {formatClock(seconds(template))} · {template.settings.aspect_ratio} · {template.scenes.length}{' '}
                      scenes
                    </span>
                  </span>
                </button>
                {template.kind === 'own' ? (
                  <div className="mt-1 flex justify-end gap-1">
                    <button
                      type="button"
                      className="grid h-8 w-8 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink"
                      aria-label={`Rename ${template.name}`}
                      onClick={() => {
                        setName(template.name)
                        setRenaming(template)
                      }}
                    >
                      <PencilIcon className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className="grid h-8 w-8 place-items-center rounded-full text-muted hover:bg-surface hover:text-rose-600"
                      aria-label={`Delete ${template.name}`}
                      onClick={() => setDeleting(template)}
                    >
                      <TrashIcon className="h-4 w-4" />
                    </button>
                  </div>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      <ConfirmDialog
        open={renaming !== undefined}
        title="Rename the template"
        confirmLabel="Rename"
        busy={rename.isPending}
        confirmDisabled={name.trim() === ''}
        onConfirm={() => renaming && rename.mutate({ id: renaming.id, name: name.trim() })}
        onClose={() => setRenaming(undefined)}
      >
        <label className="block text-sm font-medium text-ink" htmlFor={`${headingId}-name`}>
          Name
        </label>
        <input
          id={`${headingId}-name`}
          value={name}
          maxLength={TEMPLATE_NAME_MAX_CHARS}
          onChange={(event) => setName(event.target.value)}
          className="mt-1.5 block w-full rounded-xl border border-line bg-surface px-3 py-2 text-ink focus:border-accent focus:outline-none"
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete template"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(undefined)}
      >
        Projects you made from it stay as they are.
      </ConfirmDialog>
    </section>
  )
}

/** The chosen template in place of the story field: its scenes, and what each asks for. */
export function ChosenTemplate({ template, onClear }: { template: Template; onClear: () => void }) {
  const own = template.scenes.filter((scene) => describeTemplateScene(scene.narration).own).length
  return (
    <div className="mt-4">
      <p className="text-sm text-muted">
        {template.description ? `${template.description} ` : ''}
        {own > 0
          ? `${own === template.scenes.length ? 'Each scene asks' : `${own} scenes ask`} for your own words: you write them on the storyboard, where they are marked.`
          : 'Its scenes keep their words; change any of them on the storyboard.'}
      </p>
      <ol className="mt-3 space-y-1.5" aria-label={`The scenes of ${template.name}`}>
        {template.scenes.map((scene, index) => {
          const { own: asks, text } = describeTemplateScene(scene.narration)
          return (
            <li
              key={index}
              className="flex gap-3 rounded-xl border border-line bg-surface px-3 py-2 text-sm leading-snug"
            >
              <span className="w-14 shrink-0 text-xs font-semibold text-muted tabular-nums">
                {index + 1} · {formatClock(scene.duration)}
              </span>
              <span className={asks ? 'text-ink' : 'text-muted'}>
                {asks ? <span className="font-medium">Your words: </span> : null}
                {text}
              </span>
            </li>
          )
        })}
      </ol>
      <button type="button" className="mt-3 text-sm font-semibold text-accent underline" onClick={onClear}>
        Write my own prompt or script instead
      </button>
    </div>
  )
}
