import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'

import { WEBHOOK_LOG_DAYS, type WebhookDelivery } from '@storyreel/contracts/webhooks'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { LoadFailed, LoadingRows } from '#app/components/ui/list-states.tsx'
import { toasts } from '#app/lib/toast.ts'

import { getDeliveriesQueryKey, webhooksApi } from './webhooks-api.ts'

/**
 * "29 Nov, 12:04": a time in the log, in the reader's own way; the log keeps 30 days, so no year. Tries and the
 * next try add seconds, since the first retries come seconds apart.
 */
export function formatDateTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(new Date(iso))
}

const STATUS_STYLES: Record<WebhookDelivery['status'], { label: string; className: string }> = {
  succeeded: { label: 'Delivered', className: 'border-emerald-500/40 text-emerald-700 dark:text-emerald-400' },
  pending: { label: 'Retrying', className: 'border-amber-500/50 text-amber-700 dark:text-amber-400' },
  failed: { label: 'Failed', className: 'border-rose-400/60 text-rose-700 dark:text-rose-400' },
}

/** An endpoint's deliveries of the last 30 days, newest first; each opens to its tries and payload. */
export function WebhookDeliveries({ endpointId, label }: { endpointId: string; label: string }) {
  const queryKey = getDeliveriesQueryKey(endpointId)
  const deliveries = useQuery({ queryKey, queryFn: () => webhooksApi.deliveries(endpointId) })
  const list = deliveries.data?.deliveries ?? []

  return (
    <div className="mt-3 border-t border-line pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-ink">Delivery log</h4>
        <button
          type="button"
          className="text-sm font-medium text-accent underline-offset-4 hover:underline disabled:opacity-60"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          {deliveries.isFetching && !deliveries.isPending ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {deliveries.isPending ? (
        <LoadingRows label={`Loading the deliveries to ${label}`} rowClassName="h-12" />
      ) : deliveries.isError ? (
        <LoadFailed onRetry={() => void deliveries.refetch()}>The delivery log could not be loaded.</LoadFailed>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          Nothing sent yet. Deliveries appear here as events happen and are kept for {WEBHOOK_LOG_DAYS} days.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-line" aria-label={`Deliveries to ${label}`}>
          {list.map((delivery) => (
            <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
          ))}
        </ul>
      )}
    </div>
  )
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [sending, setSending] = useState(false)
  const detailsId = useId()
  const status = STATUS_STYLES[delivery.status]
  const when = formatDateTime(delivery.created_at)

  async function resend() {
    setSending(true)
    try {
      await webhooksApi.resend(endpointId, delivery.id)
      toasts.notify({ tone: 'positive', message: `The ${delivery.event_type} delivery is being sent again.` })
    } catch {
      // The toast says why.
    } finally {
      setSending(false)
      await queryClient.invalidateQueries({ queryKey: getDeliveriesQueryKey(endpointId) })
    }
  }

  return (
    <li className="py-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        className="grid w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg px-1 py-1 text-left text-sm hover:bg-raised/60 focus-visible:outline-2 focus-visible:outline-accent tablet:grid-cols-[8.5rem_1fr_auto]"
        onClick={() => setOpen((current) => !current)}
      >
        <span className="text-muted tablet:order-none">{when}</span>
        <span
          className={`justify-self-end rounded-full border px-2 py-0.5 text-xs font-semibold tablet:order-last ${status.className}`}
        >
          {status.label}
        </span>
        <span className="col-span-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-0.5 tablet:col-span-1">
          <code className="font-mono text-[13px] font-medium text-ink">{delivery.event_type}</code>
          <span className="text-xs text-subtle">
            {delivery.attempts === 1 ? '1 try' : `${String(delivery.attempts)} tries`}
            {delivery.status === 'pending' && delivery.next_attempt_at
              ? ` · next try ${formatDateTime(delivery.next_attempt_at, { seconds: true })}`
              : ''}
          </span>
        </span>
      </button>
      {open ? (
        <div id={detailsId} className="mt-2 space-y-3 rounded-xl border border-line bg-canvas/40 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 text-xs break-all text-subtle">
              <span className="font-medium text-muted">webhook-id</span> {delivery.message_id}
            </p>
            <button
              type="button"
              className="btn-secondary px-3.5 py-1.5 text-sm"
              disabled={sending}
              onClick={() => void resend()}
            >
              {sending ? <Spinner /> : null}
              Send again
            </button>
          </div>
          {delivery.tries.length === 0 ? (
            <p className="text-sm text-muted">Not tried yet: it goes out within seconds.</p>
          ) : (
            <ol className="space-y-2" aria-label="Tries">
              {delivery.tries.map((attempt, index) => {
                const ok = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300
                return (
                  <li
                    key={`${attempt.attempted_at}-${String(index)}`}
                    className="rounded-lg bg-surface px-3 py-2 text-sm"
                  >
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="text-muted">{formatDateTime(attempt.attempted_at, { seconds: true })}</span>
                      <span
                        className={`font-mono text-xs font-semibold ${ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}`}
                      >
                        {attempt.status_code === null ? 'No answer' : `HTTP ${String(attempt.status_code)}`}
                      </span>
                      <span className="text-xs text-subtle">{attempt.latency_ms} ms</span>
                    </p>
                    {attempt.error ? (
                      <p className="mt-1 text-xs text-rose-700 dark:text-rose-400">{attempt.error}</p>
                    ) : null}
                    {attempt.response_excerpt ? (
                      <pre className="mt-1.5 max-h-32 overflow-auto rounded-md bg-raised px-2 py-1.5 font-mono text-xs whitespace-pre-wrap break-all text-muted">
                        {attempt.response_excerpt}
                      </pre>
                    ) : null}
                  </li>
                )
              })}
            </ol>
          )}
          <details className="group">
            <summary className="cursor-pointer text-sm font-medium text-accent underline-offset-4 hover:underline">
              Payload
            </summary>
            <pre className="mt-2 max-h-72 overflow-auto rounded-lg bg-raised p-3 font-mono text-xs leading-relaxed text-ink">
              {JSON.stringify(delivery.payload, null, 2)}
            </pre>
          </details>
        </div>
      ) : null}
    </li>
  )
}
