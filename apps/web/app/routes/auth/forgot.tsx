import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'

import { CONFIRMATION_CODE_LENGTH } from '@storyreel/contracts/auth'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { authApi } from '#app/features/auth/auth-api.ts'
import { AuthShell } from '#app/features/auth/components/auth-shell.tsx'
import { AuthSwitchLink } from '#app/features/auth/components/auth-switch-link.tsx'
import { pageTitle } from '#app/lib/seo.ts'

export function meta() {
  return [{ title: pageTitle('Reset your password') }, { name: 'robots', content: 'noindex' }]
}

/**
 * The first step of a reset: the address. Open to everyone, signed in or not: an account made with Apple,
 * Google or Discord sets its first password here too.
 */
export default function ForgotPasswordRoute() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [email, setEmail] = useState(() => params.get('email') ?? '')
  const [pending, setPending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    try {
      const address = email.trim().toLowerCase()
      await authApi.requestPasswordReset(address)
      void navigate(`/auth/reset?email=${encodeURIComponent(address)}`)
    } catch {
      // The toast says why (an address the server could not read, too many requests); the address stays.
      setPending(false)
    }
  }

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle={`Enter the e-mail of your account. We will send a ${CONFIRMATION_CODE_LENGTH}-digit code to choose a new password.`}
      footer={
        <>
          Remembered it? <AuthSwitchLink to="/auth/login">Sign in</AuthSwitchLink>
        </>
      }
    >
      <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} aria-busy={pending}>
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Sending…' : 'Send code'}
        </button>
      </form>
    </AuthShell>
  )
}
