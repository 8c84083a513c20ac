import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'

import { TEMPLATE_NAME_MAX_CHARS } from '@storyreel/contracts/templates'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { CopyIcon } from '#app/components/ui/icons.tsx'
import { toasts } from '#app/lib/toast.ts'

import { HIDDEN_INPUT_CLASS } from './choice-list.tsx'
import { studioApi } from './studio-api.ts'
import { templatesQuery } from './template-picker.tsx'

const CHOICES = [
  { value: false, label: 'Leave the words out', help: 'Each scene asks for new words, saying what it shows.' },
  { value: true, label: 'Keep the words', help: 'For videos that say the same, with other pictures or settings.' },
] as const

/**
 * "Save as template": the storyboard's structure (settings, brand choices, scenes and their lengths) kept to
 * start other videos from, with or without its words. The latest edits are saved first.
 */
export function SaveTemplateButton({
  projectId,
  title,
  beforeSave,
}: {
  projectId: string
  title: string
  beforeSave: () => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(title)
  const [withWords, setWithWords] = useState(false)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const client = useQueryClient()

  return (
    <>
      <button
        type="button"
        className="btn-secondary px-3.5 py-2 text-sm"
        onClick={() => {
          setName(title)
          setOpen(true)
        }}
      >
        <CopyIcon className="h-4 w-4" /> Save as template
      </button>
      <ConfirmDialog
        open={open}
        title="Save as a template"
        confirmLabel="Save template"
        busy={busy}
        confirmDisabled={name.trim() === ''}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true)
          void (async () => {
            try {
              await beforeSave()
              await studioApi.saveAsTemplate({ project_id: projectId, name: name.trim(), with_words: withWords })
              await client.invalidateQueries({ queryKey: templatesQuery.queryKey })
              toasts.notify({
                tone: 'positive',
                message: `Saved “${name.trim()}”. Start a new video from it on the Create page.`,
              })
              setOpen(false)
            } catch {
              // The toast says why (the plan's number of templates, most likely).
            } finally {
              setBusy(false)
            }
          })()
        }}
      >
        <p>Its settings, brand choices, scenes and their lengths, to start other videos from.</p>
        <label className="mt-4 block text-sm font-medium text-ink" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={TEMPLATE_NAME_MAX_CHARS}
          onChange={(event) => setName(event.target.value)}
          className="mt-1.5 block w-full rounded-xl border border-line bg-surface px-3 py-2 text-ink focus:border-accent focus:outline-none"
        />
        <fieldset className="mt-4 space-y-2">
          <legend className="text-sm font-medium text-ink">The words</legend>
          {CHOICES.map((choice) => (
            <label
              key={String(choice.value)}
              className="relative grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 rounded-xl border border-line bg-surface p-3 has-checked:border-accent has-focus-visible:ring-2 has-focus-visible:ring-accent"
            >
              <input
                type="radio"
                name={`${id}-words`}
                checked={withWords === choice.value}
                onChange={() => setWithWords(choice.value)}
                className={HIDDEN_INPUT_CLASS}
              />
              <span
                aria-hidden="true"
                className={`row-span-2 mt-0.5 h-4 w-4 rounded-full border-2 ${withWords === choice.value ? 'border-accent bg-accent' : 'border-line'}`}
              />
              <span className="text-sm font-semibold text-ink">{choice.label}</span>
              <span className="text-xs text-muted">{choice.help}</span>
            </label>
          ))}
        </fieldset>
      </ConfirmDialog>
    </>
  )
}
