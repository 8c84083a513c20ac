import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type User } from '@storyreel/contracts/auth'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { toasts } from '#app/lib/toast.ts'

import { authApi } from '../auth-api.ts'
import { describeError } from '../describe-error.ts'
import { FormProblem } from './code-field.tsx'
import { PasswordRules } from './password-rules.tsx'
import { SESSIONS_QUERY_KEY } from './sessions-section.tsx'

const PROVIDER_NAMES = { apple: 'Apple', google: 'Google', discord: 'Discord' } as const

type Problems = { current?: string; next?: string; form?: string }

/** Where each refusal of a password change is shown: beside the field it is about, or under the form. */
function toProblems(error: unknown): Problems {
  if (error instanceof ApiError && error.code === 'PASSWORD_INCORRECT') return { current: error.message }
  if (error instanceof ApiError && (error.code === 'WEAK_PASSWORD' || error.code === 'PASSWORD_UNCHANGED')) {
    return { next: error.message }
  }
  return { form: describeError(error) }
}

/**
 * The profile's password: changed with the current one, or for an account made with Apple, Google or
 * Discord, set for the first time through the e-mailed code of a reset.
 */
export function PasswordSection({ user }: { user: User }) {
  return (
    <section aria-labelledby="password-title" className="glass mt-6 rounded-3xl p-6 tablet:p-8">
      <h2 id="password-title" className="text-lg font-bold text-ink">
        Password
      </h2>
      {user.sign_in_methods.includes('password') ? <ChangePasswordForm user={user} /> : <SetPassword user={user} />}
    </section>
  )
}

function ChangePasswordForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [signOutOthers, setSignOutOthers] = useState(true)
  const [pending, setPending] = useState(false)
  const [problems, setProblems] = useState<Problems>({})

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if ([...next].length < PASSWORD_MIN_LENGTH) {
      setProblems({ next: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
      return
    }
    setPending(true)
    setProblems({})
    try {
      const changed = await authApi.changePassword({
        current_password: current,
        new_password: next,
        sign_out_other_sessions: signOutOthers,
      })
      setCurrent('')
      setNext('')
      const others = changed.other_sessions_signed_out
      toasts.notify({
        tone: 'positive',
        message:
          others === 0
            ? 'Your password was changed.'
            : `Your password was changed, and ${others === 1 ? 'one other device was' : `${others} other devices were`} signed out.`,
      })
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY })
    } catch (error) {
      setProblems(toProblems(error))
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="mt-4 space-y-5" onSubmit={(event) => void onSubmit(event)} aria-busy={pending} noValidate>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
      <div className="grid gap-5 tablet:grid-cols-2">
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={problems.current}
        />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={problems.next}
          hint={<PasswordRules password={next} />}
        />
      </div>
      <label className="flex items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500"
          checked={signOutOthers}
          onChange={(event) => setSignOutOthers(event.target.checked)}
        />
        <span>
          Sign out of every other device
          <span className="block text-muted">Recommended if you think someone else knows your password.</span>
        </span>
      </label>
      {problems.form ? <FormProblem>{problems.form}</FormProblem> : null}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <button type="submit" className="btn-primary" disabled={pending || !current || !next}>
          {pending ? <Spinner /> : null}
          {pending ? 'Changing…' : 'Change password'}
        </button>
        <Link
          to={`/auth/forgot?email=${encodeURIComponent(user.email)}`}
          className="text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Forgot your current password?
        </Link>
      </div>
    </form>
  )
}

function SetPassword({ user }: { user: User }) {
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const providers = user.sign_in_methods
    .filter((method) => method !== 'password')
    .map((method) => PROVIDER_NAMES[method])
  return (
    <div className="mt-2">
      <p className="text-sm text-muted">
        You sign in with {providers.join(' or ')}. Set a password to sign in with your e-mail too: we send a code to{' '}
        <strong className="break-all text-ink">{user.email}</strong> to make sure it is you.
      </p>
      <button
        type="button"
        className="btn-secondary mt-5 px-5 py-2.5 text-sm"
        disabled={pending}
        onClick={() => {
          setPending(true)
          authApi.requestPasswordReset(user.email).then(
            () => void navigate(`/auth/reset?email=${encodeURIComponent(user.email)}`),
            () => setPending(false),
          )
        }}
      >
        {pending ? <Spinner /> : null}
        Set a password
      </button>
    </div>
  )
}
