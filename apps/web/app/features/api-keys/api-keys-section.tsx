import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import {
  API_KEY_NAME_MAX_CHARS,
  API_KEY_SCOPE_INFO,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@storyreel/contracts/api-keys'

import { CheckboxCards } from '#app/components/ui/checkbox-cards.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormActions, FormField } from '#app/components/ui/form-field.tsx'
import { LoadFailed, LoadingRows } from '#app/components/ui/list-states.tsx'
import { OneTimeSecret } from '#app/components/ui/one-time-secret.tsx'
import { KeyIcon, PlusIcon } from '#app/components/ui/icons.tsx'
import { describeError } from '#app/features/auth/describe-error.ts'
import { formatDay, formatTimeAgo } from '#app/features/auth/session-time.ts'
import { toasts } from '#app/lib/toast.ts'

import { API_KEYS_QUERY_KEY, apiKeysApi } from './api-keys-api.ts'

const SCOPE_OPTIONS = API_KEY_SCOPE_INFO.map((info) => ({
  value: info.scope,
  label: info.label,
  description: info.description,
  detail: <code className="font-mono text-[11px] text-subtle">{info.scope}</code>,
}))

const SCOPE_LABELS = new Map<ApiKeyScope, string>(API_KEY_SCOPE_INFO.map((info) => [info.scope, info.label]))

/** Keys for other tools: made with a name and scopes, the secret shown once, listed by prefix, revoked at once. */
export function ApiKeysSection() {
  const queryClient = useQueryClient()
  const keys = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: () => apiKeysApi.list() })
  const [formOpen, setFormOpen] = useState(false)
  const [created, setCreated] = useState<CreatedApiKey>()
  const [revoking, setRevoking] = useState<ApiKey>()
  const [busy, setBusy] = useState(false)
  const openerRef = useRef<HTMLButtonElement>(null)
  // Times are told as of the answer, so they read the same on every render until the list is read again.
  const now = keys.dataUpdatedAt
  const list = keys.data?.api_keys ?? []
  const limit = keys.data?.limit
  const full = limit !== undefined && list.length >= limit

  async function revoke(key: ApiKey) {
    setBusy(true)
    try {
      await apiKeysApi.revoke(key.id)
      toasts.notify({ tone: 'positive', message: `“${key.name}” was revoked. Tools using it stop working now.` })
      if (created?.id === key.id) setCreated(undefined)
      setRevoking(undefined)
    } catch {
      // The toast says why; the list is read again either way.
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY })
    }
  }

  return (
    <section aria-labelledby="api-keys-title" className="glass mt-6 rounded-3xl p-6 tablet:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="api-keys-title" className="text-lg font-bold text-ink">
            API keys
          </h2>
          <p className="mt-1 text-sm text-muted">
            Let automations, spreadsheets and scripts make videos for you. A key can do only what its scopes allow, and
            never changes your account.
          </p>
        </div>
        {formOpen || !keys.isSuccess ? null : (
          <button
            ref={openerRef}
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={full}
            aria-describedby={full ? 'api-keys-full' : undefined}
            onClick={() => {
              setCreated(undefined)
              setFormOpen(true)
            }}
          >
            <PlusIcon className="h-4 w-4" />
            New key
          </button>
        )}
      </div>

      {full && !formOpen ? (
        <p id="api-keys-full" className="mt-3 text-sm text-subtle">
          {limit === 1
            ? 'Your plan has 1 API key. Revoke it to make another, or upgrade to Premium for 10.'
            : `Your plan has ${String(limit)} API keys at most. Revoke one to make another.`}
        </p>
      ) : null}

      {formOpen ? (
        <CreateKeyForm
          onCancel={() => {
            setFormOpen(false)
            requestAnimationFrame(() => openerRef.current?.focus())
          }}
          onCreated={async (key) => {
            setFormOpen(false)
            setCreated(key)
            await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY })
          }}
        />
      ) : null}

      {created ? <NewKeyPanel created={created} onDone={() => setCreated(undefined)} /> : null}

      {keys.isPending ? (
        <LoadingRows label="Loading your API keys" rowClassName="h-[5.5rem]" />
      ) : keys.isError ? (
        <LoadFailed onRetry={() => void keys.refetch()}>Your API keys could not be loaded.</LoadFailed>
      ) : list.length === 0 ? (
        formOpen ? null : (
          <div className="mt-5 flex items-center gap-3 rounded-2xl border border-dashed border-line px-4 py-5 text-sm text-muted">
            <KeyIcon className="h-5 w-5 shrink-0 text-subtle" />
            No API keys yet. Make one when a tool asks for a StoryReel key.
          </div>
        )
      ) : (
        <ul className="mt-5 space-y-3" aria-label="Your API keys">
          {list.map((key) => (
            <li key={key.id} className="flex gap-4 rounded-2xl border border-line bg-surface px-4 py-3">
              <span className="mt-0.5 hidden h-10 w-10 shrink-0 place-items-center rounded-xl bg-raised text-muted tablet:grid">
                <KeyIcon className="h-5 w-5" />
              </span>
              <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
                    <span className="break-all">{key.name}</span>
                    <code className="rounded-md bg-raised px-1.5 py-0.5 font-mono text-xs font-medium text-muted">
                      {key.prefix}…
                    </code>
                  </p>
                  <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={`Scopes of ${key.name}`}>
                    {key.scopes.map((scope) => (
                      <li
                        key={scope}
                        title={scope}
                        className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-muted"
                      >
                        {SCOPE_LABELS.get(scope) ?? scope}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1.5 text-sm text-subtle">
                    Created {formatDay(key.created_at)} ·{' '}
                    {key.last_used_at ? `Last used ${formatTimeAgo(key.last_used_at, now)}` : 'Never used'}
                  </p>
                </div>
                <button
                  type="button"
                  className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink transition-colors hover:border-rose-400/60 hover:text-rose-700 disabled:opacity-60 dark:hover:text-rose-400"
                  disabled={busy}
                  aria-label={`Revoke ${key.name}`}
                  onClick={() => setRevoking(key)}
                >
                  Revoke
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        tone="danger"
        busy={busy}
        onClose={() => setRevoking(undefined)}
        onConfirm={() => {
          if (revoking) void revoke(revoking)
        }}
      >
        Every tool using this key stops working at once. This cannot be undone; you can make a new key afterwards.
      </ConfirmDialog>
    </section>
  )
}

function CreateKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void
  onCreated: (key: CreatedApiKey) => Promise<void>
}) {
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiKeyScope[]>([])
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({})
  const [saving, setSaving] = useState(false)
  const nameId = useId()
  const scopesId = useId()
  const focus = (id: string) => document.getElementById(id)?.focus()

  useEffect(() => focus(nameId), [nameId])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problems = {
      name: name.trim() ? undefined : 'Give the key a name, such as the tool that will use it.',
      scopes: scopes.length > 0 ? undefined : 'Choose at least one thing the key may do.',
    }
    setErrors(problems)
    if (problems.name) return focus(nameId)
    if (problems.scopes) return focus(`${scopesId}-first`)
    setSaving(true)
    try {
      await onCreated(await apiKeysApi.create({ name: name.trim(), scopes }))
    } catch (error) {
      setErrors({ form: describeError(error) })
      setSaving(false)
    }
  }

  return (
    <form
      noValidate
      aria-label="New API key"
      className="mt-5 rounded-2xl border border-line bg-surface p-4 tablet:p-5"
      onSubmit={(event) => void submit(event)}
    >
      <FormField
        id={nameId}
        label="Name"
        name="name"
        value={name}
        maxLength={API_KEY_NAME_MAX_CHARS}
        autoComplete="off"
        placeholder="Zapier, Google Sheets, my script…"
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value)
          if (errors.name) setErrors((current) => ({ ...current, name: undefined }))
        }}
      />
      <CheckboxCards
        legend="What it may do"
        hint="Any key may also read voices, music, styles and your plan’s usage."
        options={SCOPE_OPTIONS}
        selected={scopes}
        error={errors.scopes}
        errorId={`${scopesId}-error`}
        firstId={`${scopesId}-first`}
        onChange={(next) => {
          setScopes(next)
          if (next.length > 0 && errors.scopes) setErrors((current) => ({ ...current, scopes: undefined }))
        }}
      />
      <FormActions error={errors.form} saving={saving} submitLabel="Create key" onCancel={onCancel} />
    </form>
  )
}

/** The whole key, this once: the server keeps only its hash. */
function NewKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <OneTimeSecret
      title={`Copy your new key “${created.name}” now`}
      secret={created.secret}
      noun="key"
      fieldLabel="Your new API key"
      onDone={onDone}
    >
      It is shown only this once. Keep it somewhere safe, such as a password manager; anyone with it can use these
      scopes.
    </OneTimeSecret>
  )
}
