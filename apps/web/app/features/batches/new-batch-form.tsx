import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'
import { parseBatchCsv, type ParsedBatchCsv } from '@storyreel/contracts/batches'
import { PROJECT_TITLE_MAX_CHARS } from '@storyreel/contracts/studio'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { AlertIcon } from '#app/components/ui/icons.tsx'
import { ApiError } from '#app/lib/api-client.ts'

import { checkBatchRows } from './batch-check.ts'
import { BatchPreviewTable } from './batch-preview-table.tsx'
import { batchesApi } from './batches-api.ts'
import { CsvPicker, type PickedCsv } from './csv-picker.tsx'

type Picked = { name: string; parsed: ParsedBatchCsv } | { name: string; error: string }
type Refusal = { title: string; lines: string[] }

const videos = (count: number) => `${count} ${count === 1 ? 'video' : 'videos'}`
const rowsWord = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`

function formatResetTime(iso: string) {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
}

/** Why the batch cannot go yet, in the order a person would fix it; undefined when it can. */
function getBlocker({
  picked,
  badRows,
  count,
  left,
  resetsAt,
}: {
  picked: Picked | undefined
  badRows: number[]
  count: number
  left: number | undefined
  resetsAt: string | undefined
}): string | undefined {
  if (!picked) return 'Choose a CSV file first.'
  if ('error' in picked) return 'Choose a CSV file that can be read.'
  if (picked.parsed.problems.length > 0) return 'Fix the file’s problems above, then choose it again.'
  if (badRows.length > 0)
    return `Fix ${badRows.length === 1 ? 'row' : 'rows'} ${badRows.join(', ')} in the file, then choose it again.`
  if (left === undefined) return 'Checking how many renders you have left today…'
  if (count > left)
    return left === 0
      ? `You have no renders left today; they come back at ${resetsAt ? formatResetTime(resetsAt) : 'midnight UTC'}.`
      : `This batch has ${videos(count)} and you have ${left} ${left === 1 ? 'render' : 'renders'} left today. ` +
          `Remove ${rowsWord(count - left)}, or send the rest after ${resetsAt ? formatResetTime(resetsAt) : 'midnight UTC'}.`
  return undefined
}

/**
 * A batch from a CSV: the file read and checked in the browser (columns, each row as the API checks it, voices
 * and templates the account has, today's renders), shown row by row, then sent as JSON rows.
 */
export function NewBatchForm() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [picked, setPicked] = useState<Picked>()
  const [title, setTitle] = useState('')
  const [sending, setSending] = useState(false)
  const [refusal, setRefusal] = useState<Refusal>()
  const blockerId = useId()
  const usage = useQuery({ queryKey: ['usage'], queryFn: batchesApi.getUsage })
  const voices = useQuery({ queryKey: ['voices'], queryFn: batchesApi.listVoices, staleTime: Infinity })
  const templates = useQuery({ queryKey: ['templates'], queryFn: batchesApi.listTemplates })

  const parsed = picked && 'parsed' in picked ? picked.parsed : undefined
  const checked = useMemo(
    () =>
      checkBatchRows(parsed?.rows ?? [], {
        voices: voices.data ? new Set(voices.data.voices.map((voice) => voice.id)) : undefined,
        templates: templates.data ? new Set(templates.data.templates.map((template) => template.id)) : undefined,
      }),
    [parsed, voices.data, templates.data],
  )
  const badRows = checked.filter((row) => row.problems.length > 0).map((row) => row.row)
  const count = checked.length
  const left = usage.data ? Math.max(0, usage.data.renders_per_day - usage.data.renders_today) : undefined
  const blocker = getBlocker({ picked, badRows, count, left, resetsAt: usage.data?.resets_at })

  const onPicked = (csv: PickedCsv) => {
    setRefusal(undefined)
    setPicked('error' in csv ? csv : { name: csv.name, parsed: parseBatchCsv(csv.text) })
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (blocker || !parsed || sending) return
    setSending(true)
    setRefusal(undefined)
    try {
      const trimmed = title.trim()
      const batch = await batchesApi.create({ rows: parsed.rows, ...(trimmed ? { title: trimmed } : {}) })
      queryClient.setQueryData(['batches', batch.id], batch)
      void queryClient.invalidateQueries({ queryKey: ['batches', 'list'] })
      void queryClient.invalidateQueries({ queryKey: ['usage'] })
      await navigate(`/app/batches/${batch.id}`)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BATCH_INVALID')
        setRefusal({
          title: `${BRAND.name} found problems in these rows. Fix them in the file and choose it again.`,
          lines: error.messages,
        })
      else if (error instanceof ApiError && error.code === 'BATCH_OVER_DAILY_LIMIT') {
        setRefusal({ title: 'Not enough renders left today', lines: error.messages })
        void queryClient.invalidateQueries({ queryKey: ['usage'] })
      } else
        setRefusal({
          title: 'The batch could not be sent',
          lines: [error instanceof Error ? error.message : 'Please try again.'],
        })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="space-y-6" onSubmit={(event) => void onSubmit(event)} noValidate>
      <CsvPicker fileName={picked?.name} onPicked={onPicked} />

      {picked && 'error' in picked ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-rose-700 dark:text-rose-400">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {picked.error}
        </p>
      ) : null}

      {parsed && parsed.problems.length > 0 ? (
        <div role="alert" className="rounded-2xl border border-rose-400/50 bg-rose-500/10 p-4 text-sm">
          <p className="font-semibold text-ink">This file cannot be used as it is:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-rose-700 dark:text-rose-400">
            {parsed.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {parsed && count > 0 ? (
        <section aria-labelledby="batch-preview-heading" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
            <h2 id="batch-preview-heading" className="text-lg font-semibold text-ink">
              Preview
            </h2>
            <p className="text-sm text-muted" aria-live="polite">
              <span className="font-semibold text-ink">{videos(count)}</span>
              {left !== undefined ? (
                <>
                  ; {left} {left === 1 ? 'render' : 'renders'} left today
                </>
              ) : null}
            </p>
          </div>
          {badRows.length > 0 ? (
            <div role="alert" className="rounded-2xl border border-rose-400/50 bg-rose-500/10 p-4 text-sm">
              <p className="font-semibold text-ink">
                {badRows.length === 1 ? 'Row' : 'Rows'} {badRows.join(', ')} {badRows.length === 1 ? 'needs' : 'need'}{' '}
                fixing before this batch can go:
              </p>
              <ul className="mt-2 space-y-1 text-rose-700 dark:text-rose-400">
                {checked
                  .filter((row) => row.problems.length > 0)
                  .map((row) => (
                    <li key={row.row} className="[overflow-wrap:anywhere]">
                      Row {row.row}: {row.problems.join('; ')}
                    </li>
                  ))}
              </ul>
            </div>
          ) : null}
          {voices.isError || templates.isError ? (
            <p className="text-sm text-muted">
              The voices and templates could not be loaded to check against; {BRAND.name} checks them when you send.
            </p>
          ) : null}
          <BatchPreviewTable rows={checked} />
        </section>
      ) : null}

      {parsed ? (
        <FormField
          label="Batch name (optional)"
          value={title}
          maxLength={PROJECT_TITLE_MAX_CHARS}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Left empty: today’s date and time"
          className="max-w-md"
        />
      ) : null}

      {refusal ? (
        <div role="alert" className="rounded-2xl border border-rose-400/50 bg-rose-500/10 p-4 text-sm">
          <p className="font-semibold text-ink">{refusal.title}</p>
          <ul className="mt-2 space-y-1 text-rose-700 dark:text-rose-400">
            {refusal.lines.map((line) => (
              <li key={line} className="[overflow-wrap:anywhere]">
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="flex flex-col gap-3 tablet:flex-row tablet:items-center">
        <button
          type="submit"
          className="btn-primary"
          aria-disabled={blocker !== undefined || sending}
          aria-describedby={blocker ? blockerId : undefined}
        >
          {sending ? <Spinner /> : null}
          {sending ? 'Sending…' : count > 0 ? `Make ${videos(count)}` : 'Make videos'}
        </button>
        {blocker ? (
          <p id={blockerId} className="text-sm text-muted">
            {blocker}
          </p>
        ) : null}
      </div>
    </form>
  )
}
