import { useEffect, useId, useState, type FormEvent } from 'react'

import {
  WEBHOOK_DESCRIPTION_MAX_CHARS,
  WEBHOOK_EVENT_INFO,
  WEBHOOK_URL_MAX_CHARS,
  type CreatedWebhook,
  type WebhookEventType,
} from '@storyreel/contracts/webhooks'

import { CheckboxCards } from '#app/components/ui/checkbox-cards.tsx'
import { FormActions, FormField } from '#app/components/ui/form-field.tsx'
import { OneTimeSecret } from '#app/components/ui/one-time-secret.tsx'
import { describeError } from '#app/features/auth/describe-error.ts'

import { webhooksApi } from './webhooks-api.ts'

const EVENT_OPTIONS = WEBHOOK_EVENT_INFO.map((info) => ({
  value: info.type,
  label: <code className="font-mono">{info.type}</code>,
  description: info.description,
}))

/** A new endpoint: its address, an optional note, and the events it hears of. */
export function WebhookForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void
  onCreated: (webhook: CreatedWebhook) => Promise<void>
}) {
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>([])
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({})
  const [saving, setSaving] = useState(false)
  const urlId = useId()
  const eventsId = useId()
  const focus = (id: string) => document.getElementById(id)?.focus()

  useEffect(() => focus(urlId), [urlId])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const address = url.trim()
    const problems = {
      url: !address
        ? 'Enter the address StoryReel should send events to.'
        : /^https?:\/\/\S+$/i.test(address)
          ? undefined
          : 'Enter a whole address, starting with https://',
      events: events.length > 0 ? undefined : 'Choose at least one event to send.',
    }
    setErrors(problems)
    if (problems.url) return focus(urlId)
    if (problems.events) return focus(`${eventsId}-first`)
    setSaving(true)
    try {
      const note = description.trim()
      await onCreated(await webhooksApi.create({ url: address, events, ...(note ? { description: note } : {}) }))
    } catch (error) {
      setErrors({ form: describeError(error) })
      setSaving(false)
    }
  }

  return (
    <form
      noValidate
      aria-label="New webhook endpoint"
      className="mt-5 rounded-2xl border border-line bg-surface p-4 tablet:p-5"
      onSubmit={(event) => void submit(event)}
    >
      <FormField
        id={urlId}
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        value={url}
        maxLength={WEBHOOK_URL_MAX_CHARS}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/storyreel-webhook"
        hint="It must answer a POST with a 2xx status within 10 seconds. Redirects are not followed."
        error={errors.url}
        onChange={(event) => {
          setUrl(event.target.value)
          if (errors.url) setErrors((current) => ({ ...current, url: undefined }))
        }}
      />
      <FormField
        className="mt-4"
        label="Description (optional)"
        name="description"
        value={description}
        maxLength={WEBHOOK_DESCRIPTION_MAX_CHARS}
        autoComplete="off"
        placeholder="Zapier flow, order system…"
        onChange={(event) => setDescription(event.target.value)}
      />
      <CheckboxCards
        legend="Events to send"
        options={EVENT_OPTIONS}
        selected={events}
        error={errors.events}
        errorId={`${eventsId}-error`}
        firstId={`${eventsId}-first`}
        onChange={(next) => {
          setEvents(next)
          if (next.length > 0 && errors.events) setErrors((current) => ({ ...current, events: undefined }))
        }}
      />
      <FormActions error={errors.form} saving={saving} submitLabel="Add endpoint" onCancel={onCancel} />
    </form>
  )
}

/** The signing secret, this once: a receiver needs it to verify each delivery. */
export function WebhookSecretPanel({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  return (
    <OneTimeSecret
      title="Copy the signing secret now"
      secret={created.secret}
      noun="secret"
      fieldLabel="Signing secret"
      onDone={onDone}
      note={
        <>
          Verify each delivery with this secret and the Standard Webhooks library, for example{' '}
          <code className="font-mono text-xs break-all">new Webhook(secret).verify(rawBody, headers)</code> from the{' '}
          <code className="font-mono text-xs">standardwebhooks</code> npm package.{' '}
          <a className="font-medium text-accent underline underline-offset-4" href="/developers#webhooks">
            How to verify a webhook
          </a>
        </>
      }
    >
      For <span className="font-mono break-all text-ink">{created.url}</span>. It is shown only this once; keep it where
      your receiver can read it.
    </OneTimeSecret>
  )
}
