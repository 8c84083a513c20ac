import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import {
  API_KEY_NAME_MAX_CHARS,
  API_KEY_SCOPE_INFO,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@storyreel/contracts/api-keys'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { LoadFailed, LoadingRows } from '#app/components/ui/list-states.tsx'
import { CopyIcon, KeyIcon, PlusIcon } from '#app/components/ui/icons.tsx'
import { describeError } from '#app/features/auth/describe-error.ts'
import { formatDay, formatTimeAgo } from '#app/features/auth/session-time.ts'
import { toasts } from '#app/lib/toast.ts'

import { API_KEYS_QUERY_KEY, apiKeysApi } from './api-keys-api.ts'

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
      // Scopes go in the order the form lists them, whatever order they were ticked in.
      const ordered = API_KEY_SCOPE_INFO.map((info) => info.scope).filter((scope) => scopes.includes(scope))
      await onCreated(await apiKeysApi.create({ name: name.trim(), scopes: ordered }))
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
      <fieldset
        className="mt-5"
        aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}
        aria-invalid={errors.scopes ? true : undefined}
      >
        <legend className="text-sm font-medium text-ink">What it may do</legend>
        <p className="mt-1 text-xs text-subtle">Any key may also read voices, music, styles and your plan’s usage.</p>
        <div className="mt-3 grid gap-2 tablet:grid-cols-2">
          {API_KEY_SCOPE_INFO.map((info, index) => {
            const checked = scopes.includes(info.scope)
            return (
              <label
                key={info.scope}
                className={`grid cursor-pointer grid-cols-[auto_1fr] content-start gap-x-3 rounded-xl border px-3 py-2.5 transition-colors focus-within:border-accent ${
                  checked ? 'border-accent/70 bg-accent/10' : 'border-line hover:border-accent/40'
                }`}
              >
                <input
                  id={index === 0 ? `${scopesId}-first` : undefined}
                  type="checkbox"
                  className="row-span-3 mt-1 h-4 w-4 shrink-0 accent-[var(--accent)]"
                  checked={checked}
                  onChange={(event) => {
                    const { checked: ticked } = event.target
                    setScopes((current) =>
                      ticked ? [...current, info.scope] : current.filter((scope) => scope !== info.scope),
                    )
                    if (ticked && errors.scopes) setErrors((current) => ({ ...current, scopes: undefined }))
                  }}
                />
                <span className="text-sm font-semibold text-ink">{info.label}</span>
                <span className="text-xs text-muted">{info.description}</span>
                <code className="mt-0.5 font-mono text-[11px] text-subtle">{info.scope}</code>
              </label>
            )
          })}
        </div>
        {errors.scopes ? (
          <p id={`${scopesId}-error`} className="mt-2 text-sm text-rose-700 dark:text-rose-400">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      {errors.form ? (
        <p role="alert" className="mt-4 text-sm whitespace-pre-line text-rose-700 dark:text-rose-400">
          {errors.form}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary px-5 py-2.5 text-sm" disabled={saving} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary px-5 py-2.5 text-sm" disabled={saving}>
          {saving ? <Spinner /> : null}
          Create key
        </button>
      </div>
    </form>
  )
}

/** The whole key, this once: the server keeps only its hash. */
function NewKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const secretId = useId()

  useEffect(() => headingRef.current?.focus(), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }

  return (
    <div
      role="region"
      aria-labelledby={`${secretId}-title`}
      className="mt-5 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-4 tablet:p-5"
    >
      <h3 id={`${secretId}-title`} ref={headingRef} tabIndex={-1} className="font-semibold text-ink outline-none">
        Copy your new key “{created.name}” now
      </h3>
      <p className="mt-1 text-sm text-muted">
        It is shown only this once. Keep it somewhere safe, such as a password manager; anyone with it can use these
        scopes.
      </p>
      <div className="mt-3 flex flex-col gap-2 tablet:flex-row">
        <label htmlFor={secretId} className="sr-only">
          Your new API key
        </label>
        {/* A textarea, so a phone shows the whole key on two lines rather than a scrolled slice of it. */}
        <textarea
          id={secretId}
          readOnly
          value={created.secret}
          spellCheck={false}
          rows={1}
          className="field-sizing-content min-w-0 flex-1 resize-none rounded-xl border border-line bg-surface px-3 py-2.5 font-mono text-sm break-all text-ink focus:border-accent focus:outline-none"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn-primary px-4 py-2.5 text-sm" onClick={() => void copy()}>
          <CopyIcon className="h-4 w-4" />
          {copied === 'yes' ? 'Copied' : 'Copy key'}
        </button>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="min-w-0 flex-1 basis-48 text-sm text-muted">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? 'Copying is blocked here: select the key and copy it yourself.'
              : ''}
        </p>
        <button type="button" className="btn-secondary ml-auto px-4 py-2 text-sm" onClick={onDone}>
          I’ve saved it
        </button>
      </div>
    </div>
  )
}
