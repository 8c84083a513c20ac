import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { Spinner } from '#app/components/ui/form-field.tsx'
import { toasts } from '#app/lib/toast.ts'

import { adminApi } from './admin-api.ts'

/** The Free Week pool: paste codes or pick the CSV Google Play Console exports; see what is left. */
export function RedeemCodesPanel() {
  const queryClient = useQueryClient()
  const stats = useQuery({ queryKey: ['admin', 'redeem-codes'], queryFn: adminApi.getRedeemCodeStats })
  const [text, setText] = useState('')
  const [confirming, setConfirming] = useState(false)
  const upload = useMutation({
    mutationFn: (csv: string) => adminApi.uploadRedeemCodes({ csv }),
    onSettled: () => setConfirming(false),
    onSuccess: (result) => {
      setText('')
      toasts.notify({
        tone: 'positive',
        message: `Added ${result.added} code${result.added === 1 ? '' : 's'}${result.duplicates ? `, skipped ${result.duplicates} already in the pool` : ''}.`,
      })
      void queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim()) setConfirming(true)
  }
  // Rows with something in them; a header row, if any, is skipped by the server and counted here.
  const rows = text.split(/\r?\n/).filter((line) => line.trim()).length

  const figures = [
    { label: 'Total', value: stats.data?.total },
    { label: 'Claimed', value: stats.data?.claimed },
    { label: 'Left', value: stats.data?.left },
  ]
  return (
    <section aria-labelledby="codes-title" className="glass rounded-3xl p-5 tablet:p-6">
      <h2 id="codes-title" className="text-xl font-bold text-ink">
        Free Week redeem codes
      </h2>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-xs text-muted">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-ink">{figure.value ?? '–'}</dd>
          </div>
        ))}
      </dl>
      {stats.data && stats.data.left === 0 ? (
        <p className="mt-3 text-sm text-amber-700 dark:text-amber-300" role="status">
          The pool is empty: visitors who open the Free Week cannot get a Google Play code.
        </p>
      ) : null}
      <form className="mt-5 space-y-3" onSubmit={onSubmit} aria-busy={upload.isPending}>
        <label htmlFor="codes-text" className="block text-sm font-medium text-ink">
          Add codes (one per line, or a CSV whose first column holds them)
        </label>
        <textarea
          id="codes-text"
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="block w-full rounded-xl border border-line bg-surface px-3.5 py-3 font-mono text-sm text-ink focus:border-accent focus:outline-none"
          placeholder={'code\nABCD1234EFGH5678\nJKLM9012NPQR3456'}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-5 py-2.5 text-sm" disabled={upload.isPending || !text.trim()}>
            {upload.isPending ? <Spinner /> : null}
            {upload.isPending ? 'Uploading…' : 'Upload codes'}
          </button>
          <label className="btn-secondary cursor-pointer px-5 py-2.5 text-sm">
            Choose a CSV file
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void file.text().then(setText)
                event.target.value = ''
              }}
            />
          </label>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Add these codes to the pool?"
        confirmLabel="Add codes"
        busy={upload.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => upload.mutate(text)}
      >
        {rows} row{rows === 1 ? '' : 's'} will be checked. Codes already in the pool are skipped; if any row is not a
        valid code, nothing is added and each problem is listed.
      </ConfirmDialog>
    </section>
  )
}
