import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import type { ProfilePatchBody, User } from '@storyreel/contracts/auth'

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { AppleIcon, DiscordIcon, GoogleIcon, MailIcon } from '#app/components/ui/icons.tsx'
import { ApiKeysSection } from '#app/features/api-keys/api-keys-section.tsx'
import { authApi } from '#app/features/auth/auth-api.ts'
import { EmailSection } from '#app/features/auth/components/email-section.tsx'
import { PasswordSection } from '#app/features/auth/components/password-section.tsx'
import { SessionsSection } from '#app/features/auth/components/sessions-section.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { WebhooksSection } from '#app/features/webhooks/webhooks-section.tsx'
import { useSession } from '#app/lib/session.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toasts } from '#app/lib/toast.ts'

export const clientMiddleware = routeMiddleware('full-auth')

export function meta() {
  return [{ title: pageTitle('Your profile') }, { name: 'robots', content: 'noindex' }]
}

type ProfileFields = { first_name: string; last_name: string }

/** Only what differs from the saved profile goes to the server. The e-mail has its own section and calls. */
export function getProfileChanges(saved: User, edited: ProfileFields): ProfilePatchBody {
  const changes: ProfilePatchBody = {}
  const first = edited.first_name.trim()
  const last = edited.last_name.trim()
  if (first !== (saved.first_name ?? '')) changes.first_name = first || null
  if (last !== (saved.last_name ?? '')) changes.last_name = last || null
  return changes
}

const METHOD_LABELS = {
  password: { label: 'E-mail and password', Icon: MailIcon },
  apple: { label: 'Apple', Icon: AppleIcon },
  google: { label: 'Google', Icon: GoogleIcon },
  discord: { label: 'Discord', Icon: DiscordIcon },
} as const

export default function ProfileRoute() {
  const { user: storedUser } = useSession()
  // Fresh from the server on every visit: getMe stores the answer, and the stored user is what renders.
  useQuery({ queryKey: ['me'], queryFn: () => authApi.getMe() })
  const user = storedUser
  if (!user) return null
  return <ProfileScreen user={user} />
}

function ProfileScreen({ user }: { user: User }) {
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [deleteText, setDeleteText] = useState('')
  const [deleting, setDeleting] = useState(false)

  return (
    <div className="mx-auto max-w-3xl px-5 py-10 tablet:px-8 desktop:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Your profile</h1>
      <p className="mt-2 text-muted">Your name appears on your exports. Keep your account safe from here.</p>

      {/* A new key when the saved names change, so the form starts again from the saved values. */}
      <NamesForm key={`${user.first_name ?? ''}|${user.last_name ?? ''}`} user={user} />
      <EmailSection key={user.email} user={user} />
      <PasswordSection user={user} />
      <SessionsSection />
      <ApiKeysSection />
      <WebhooksSection />

      <section aria-labelledby="methods-title" className="glass mt-6 rounded-3xl p-6 tablet:p-8">
        <h2 id="methods-title" className="text-lg font-bold text-ink">
          How you sign in
        </h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {user.sign_in_methods.map((method) => {
            const { label, Icon } = METHOD_LABELS[method]
            return (
              <li
                key={method}
                className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-sm text-ink"
              >
                <Icon className="h-4 w-4" /> {label}
              </li>
            )
          })}
        </ul>
      </section>

      <section
        aria-labelledby="danger-title"
        className="mt-6 rounded-3xl border border-rose-400/30 bg-rose-400/5 p-6 tablet:p-8"
      >
        <h2 id="danger-title" className="text-lg font-bold text-ink">
          Delete account
        </h2>
        <p className="mt-2 text-sm text-muted">
          This deletes your account, your sessions and everything stored with it. It cannot be undone. Subscriptions
          bought in the App Store or Google Play are managed there.
        </p>
        <button
          type="button"
          className="mt-5 rounded-full border border-rose-400/60 px-5 py-2.5 text-sm font-semibold text-rose-700 dark:text-rose-400 transition-colors hover:bg-rose-400/10"
          onClick={() => setDeleteOpen(true)}
        >
          Delete my account
        </button>
      </section>

      <ConfirmDialog
        open={deleteOpen}
        title="Delete your account for good?"
        confirmLabel="Delete account"
        tone="danger"
        busy={deleting}
        confirmDisabled={deleteText !== 'DELETE'}
        onClose={() => {
          setDeleteOpen(false)
          setDeleteText('')
        }}
        onConfirm={() => {
          setDeleting(true)
          authApi.deleteAccount().then(
            () => toasts.notify({ tone: 'positive', message: 'Your account was deleted.' }),
            () => setDeleting(false),
          )
        }}
      >
        <p>
          Everything tied to <strong className="text-ink">{user.email}</strong> will be removed. Type{' '}
          <strong className="text-ink">DELETE</strong> to confirm.
        </p>
        <FormField
          label="Type DELETE"
          className="mt-4"
          autoComplete="off"
          value={deleteText}
          onChange={(event) => setDeleteText(event.target.value)}
        />
      </ConfirmDialog>
    </div>
  )
}

function NamesForm({ user }: { user: User }) {
  const [fields, setFields] = useState<ProfileFields>({
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
  })
  const [saving, setSaving] = useState(false)
  const changes = getProfileChanges(user, fields)
  const dirty = Object.keys(changes).length > 0

  async function onSave(event: FormEvent) {
    event.preventDefault()
    if (!dirty) return
    setSaving(true)
    try {
      await authApi.updateProfile(changes)
    } catch {
      // The toast carries the reason; the edits stay in the form.
    } finally {
      setSaving(false)
    }
  }

  const set = (name: keyof ProfileFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }))

  return (
    <form
      className="glass mt-8 space-y-5 rounded-3xl p-6 tablet:p-8"
      onSubmit={(event) => void onSave(event)}
      aria-busy={saving}
      aria-labelledby="names-title"
    >
      <h2 id="names-title" className="text-lg font-bold text-ink">
        Name
      </h2>
      <div className="grid gap-5 tablet:grid-cols-2">
        <FormField
          label="First name"
          autoComplete="given-name"
          maxLength={80}
          value={fields.first_name}
          onChange={set('first_name')}
        />
        <FormField
          label="Last name"
          autoComplete="family-name"
          maxLength={80}
          value={fields.last_name}
          onChange={set('last_name')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={!dirty || saving}>
          {saving ? <Spinner /> : null}
          {saving ? 'Saving…' : 'Save changes'}
        </button>
        {dirty ? (
          <button
            type="button"
            className="text-sm font-medium text-muted hover:text-ink"
            onClick={() => setFields({ first_name: user.first_name ?? '', last_name: user.last_name ?? '' })}
          >
            Discard
          </button>
        ) : (
          <span className="text-sm text-subtle">All changes saved</span>
        )}
      </div>
    </form>
  )
}
