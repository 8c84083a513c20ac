import { useState, type FormEvent } from 'react'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { ShieldIcon } from '#app/components/ui/icons.tsx'
import { getFormText } from '#app/lib/form-data.ts'

import { adminApi } from './admin-api.ts'

/** Admin calls need their own 12-hour admin session, opened with the password again (decision 011). */
export function AdminSignIn({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const [pending, setPending] = useState(false)
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setPending(true)
    try {
      await adminApi.login({ email: getFormText(form, 'email'), password: getFormText(form, 'password') })
      onSignedIn()
    } catch {
      // Shown as a toast.
    } finally {
      setPending(false)
    }
  }
  return (
    <section aria-labelledby="admin-sign-in" className="glass mx-auto mt-6 max-w-md rounded-3xl p-6 tablet:p-8">
      <ShieldIcon className="h-8 w-8 text-accent" />
      <h2 id="admin-sign-in" className="mt-4 text-xl font-bold text-ink">
        Open the admin console
      </h2>
      <p className="mt-2 text-sm text-muted">Enter your password again. Admin sessions last 12 hours.</p>
      <form className="mt-6 space-y-4" onSubmit={(event) => void onSubmit(event)} aria-busy={pending}>
        <FormField label="E-mail" name="email" type="email" autoComplete="username" defaultValue={email} required />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Checking…' : 'Open console'}
        </button>
      </form>
    </section>
  )
}
