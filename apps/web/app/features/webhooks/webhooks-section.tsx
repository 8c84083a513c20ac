import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'

import { WEBHOOK_DISABLE_AFTER_DAYS, type CreatedWebhook, type WebhookEndpoint } from '@storyreel/contracts/webhooks'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { AlertIcon, ChevronDownIcon, PlusIcon } from '#app/components/ui/icons.tsx'
import { LoadFailed, LoadingRows } from '#app/components/ui/list-states.tsx'
import { SwitchRow } from '#app/components/ui/switch-row.tsx'
import { formatTimeAgo } from '#app/features/auth/session-time.ts'
import { toasts } from '#app/lib/toast.ts'

import { formatDateTime, WebhookDeliveries } from './webhook-deliveries.tsx'
import { WebhookForm, WebhookSecretPanel } from './webhook-form.tsx'
import { WEBHOOKS_QUERY_KEY, webhooksApi } from './webhooks-api.ts'

/** The section's anchor: the e-mail about an endpoint StoryReel turned off links here. */
export const WEBHOOKS_ANCHOR = 'webhooks'

/** Endpoints that hear of renders, batches and assets: added with a URL and events, the secret shown once. */
export function WebhooksSection() {
  const queryClient = useQueryClient()
  const webhooks = useQuery({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: () => webhooksApi.list() })
  const [formOpen, setFormOpen] = useState(false)
  const [created, setCreated] = useState<CreatedWebhook>()
  const [deleting, setDeleting] = useState<WebhookEndpoint>()
  const [busy, setBusy] = useState(false)
  const openerRef = useRef<HTMLButtonElement>(null)
  const sectionRef = useRef<HTMLElement>(null)
  const now = webhooks.dataUpdatedAt
  const list = webhooks.data?.webhooks ?? []
  const limit = webhooks.data?.limit
  const full = limit !== undefined && list.length >= limit

  // The page above grows as its other sections load, so a link to #webhooks lands here once the list is in.
  const loaded = webhooks.isSuccess
  useEffect(() => {
    if (loaded && window.location.hash === `#${WEBHOOKS_ANCHOR}`) sectionRef.current?.scrollIntoView()
  }, [loaded])

  async function remove(endpoint: WebhookEndpoint) {
    setBusy(true)
    try {
      await webhooksApi.delete(endpoint.id)
      toasts.notify({ tone: 'positive', message: 'The endpoint and its delivery log were deleted.' })
      if (created?.id === endpoint.id) setCreated(undefined)
      setDeleting(undefined)
    } catch {
      // The toast says why; the list is read again either way.
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY })
    }
  }

  return (
    <section
      ref={sectionRef}
      id={WEBHOOKS_ANCHOR}
      aria-labelledby="webhooks-title"
      className="glass mt-6 scroll-mt-24 rounded-3xl p-6 tablet:p-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="webhooks-title" className="text-lg font-bold text-ink">
            Webhooks
          </h2>
          <p className="mt-1 text-sm text-muted">
            StoryReel tells your server the moment a render finishes or fails, a batch completes or media is ready, with
            a signed POST to each endpoint.
          </p>
        </div>
        {formOpen || !webhooks.isSuccess ? null : (
          <button
            ref={openerRef}
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={full}
            aria-describedby={full ? 'webhooks-full' : undefined}
            onClick={() => {
              setCreated(undefined)
              setFormOpen(true)
            }}
          >
            <PlusIcon className="h-4 w-4" />
            Add endpoint
          </button>
        )}
      </div>

      {full && !formOpen ? (
        <p id="webhooks-full" className="mt-3 text-sm text-subtle">
          An account may have {limit} endpoints. Delete one to add another.
        </p>
      ) : null}

      {formOpen ? (
        <WebhookForm
          onCancel={() => {
            setFormOpen(false)
            requestAnimationFrame(() => openerRef.current?.focus())
          }}
          onCreated={async (webhook) => {
            setFormOpen(false)
            setCreated(webhook)
            await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY })
          }}
        />
      ) : null}

      {created ? <WebhookSecretPanel created={created} onDone={() => setCreated(undefined)} /> : null}

      {webhooks.isPending ? (
        <LoadingRows label="Loading your webhook endpoints" rowClassName="h-28" />
      ) : webhooks.isError ? (
        <LoadFailed onRetry={() => void webhooks.refetch()}>Your webhook endpoints could not be loaded.</LoadFailed>
      ) : list.length === 0 ? (
        formOpen ? null : (
          <div className="mt-5 rounded-2xl border border-dashed border-line px-4 py-5 text-sm text-muted">
            No endpoints yet. Add one to hear of finished videos without asking again and again.
          </div>
        )
      ) : (
        <ul className="mt-5 space-y-3" aria-label="Your webhook endpoints">
          {list.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} now={now} busy={busy} onDelete={setDeleting} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        tone="danger"
        busy={busy}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) void remove(deleting)
        }}
      >
        <p className="break-all">
          Nothing more is sent to <strong className="font-mono text-ink">{deleting?.url}</strong>, and its delivery log
          is deleted. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  )
}

function EndpointRow({
  endpoint,
  now,
  busy,
  onDelete,
}: {
  endpoint: WebhookEndpoint
  now: number
  busy: boolean
  onDelete: (endpoint: WebhookEndpoint) => void
}) {
  const queryClient = useQueryClient()
  const [logOpen, setLogOpen] = useState(false)
  const [switching, setSwitching] = useState(false)
  const logId = useId()
  const label = endpoint.description || endpoint.url

  async function setEnabled(enabled: boolean) {
    setSwitching(true)
    try {
      await webhooksApi.update(endpoint.id, { enabled })
      toasts.notify({
        tone: 'positive',
        message: enabled
          ? 'The endpoint is on. What waited meanwhile is sent now.'
          : 'The endpoint is off. Events wait until you turn it on again.',
      })
    } catch {
      // The toast says why.
    } finally {
      setSwitching(false)
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY })
    }
  }

  return (
    <li className="rounded-2xl border border-line bg-surface px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-60">
          <p className="font-mono text-sm font-medium break-all text-ink">{endpoint.url}</p>
          {endpoint.description ? <p className="mt-0.5 text-sm text-muted">{endpoint.description}</p> : null}
          <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={`Events sent to ${label}`}>
            {endpoint.events.map((type) => (
              <li key={type} className="rounded-full border border-line px-2 py-0.5 font-mono text-xs text-muted">
                {type}
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink transition-colors hover:border-rose-400/60 hover:text-rose-700 disabled:opacity-60 dark:hover:text-rose-400"
          disabled={busy}
          aria-label={`Delete ${label}`}
          onClick={() => onDelete(endpoint)}
        >
          Delete
        </button>
      </div>

      {endpoint.disabled_reason ? (
        <p className="mt-3 flex gap-2 rounded-xl border border-rose-400/40 bg-rose-400/10 px-3 py-2 text-sm text-rose-700 dark:text-rose-300">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Turned off by StoryReel: {endpoint.disabled_reason} Fix the receiver, then turn it on to send what waited.
          </span>
        </p>
      ) : endpoint.failing_since ? (
        <p className="mt-3 flex gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Failing since {formatDateTime(endpoint.failing_since)} ({formatTimeAgo(endpoint.failing_since, now)}). After{' '}
            {WEBHOOK_DISABLE_AFTER_DAYS} days of failures StoryReel turns it off and e-mails you.
          </span>
        </p>
      ) : null}

      <SwitchRow
        className="mt-3"
        label={endpoint.enabled ? 'On: events are sent' : 'Off: events wait'}
        description={endpoint.enabled ? undefined : 'Turning it on sends what waited meanwhile.'}
        checked={endpoint.enabled}
        disabled={switching}
        onChange={(enabled) => void setEnabled(enabled)}
      />

      <button
        type="button"
        aria-expanded={logOpen}
        aria-controls={logId}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-accent underline-offset-4 hover:underline"
        onClick={() => setLogOpen((open) => !open)}
      >
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${logOpen ? 'rotate-180' : ''}`} />
        {logOpen ? 'Hide deliveries' : 'Show deliveries'}
      </button>
      <div id={logId}>{logOpen ? <WebhookDeliveries endpointId={endpoint.id} label={label} /> : null}</div>
    </li>
  )
}
