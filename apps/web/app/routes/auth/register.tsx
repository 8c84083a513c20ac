import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@storyreel/contracts/auth'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { authApi } from '#app/features/auth/auth-api.ts'
import { AuthShell } from '#app/features/auth/components/auth-shell.tsx'
import { AuthSwitchLink } from '#app/features/auth/components/auth-switch-link.tsx'
import { PasswordRules } from '#app/features/auth/components/password-rules.tsx'
import { ProviderButtons } from '#app/features/auth/components/provider-buttons.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { useSignedIn } from '#app/features/auth/use-signed-in.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { getFormText } from '#app/lib/form-data.ts'

export const clientMiddleware = routeMiddleware('no-auth-required')

export function meta() {
  return [{ title: pageTitle('Create your account') }, { name: 'robots', content: 'noindex' }]
}

export default function RegisterRoute() {
  const onSignedIn = useSignedIn()
  const [password, setPassword] = useState('')
  const [pending, setPending] = useState(false)
  const [passwordError, setPasswordError] = useState<string>()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if ([...password].length < PASSWORD_MIN_LENGTH) {
      setPasswordError(`Use at least ${PASSWORD_MIN_LENGTH} characters.`)
      return
    }
    setPasswordError(undefined)
    setPending(true)
    try {
      const firstName = getFormText(form, 'first_name').trim()
      const lastName = getFormText(form, 'last_name').trim()
      onSignedIn(
        await authApi.register({
          email: getFormText(form, 'email'),
          password,
          ...(firstName ? { first_name: firstName } : {}),
          ...(lastName ? { last_name: lastName } : {}),
        }),
      )
    } catch {
      // Shown as a toast by the query helper; everything typed stays in the form.
    } finally {
      setPending(false)
    }
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle="Free to start. We will e-mail you a 6-digit code to confirm your address."
      footer={
        <>
          Already have an account? <AuthSwitchLink to="/auth/login">Sign in</AuthSwitchLink>
        </>
      }
    >
      <ProviderButtons onSignedIn={onSignedIn} />
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={pending}
        noValidate={false}
      >
        <div className="grid gap-4 mobileWide:grid-cols-2">
          <FormField label="First name" name="first_name" autoComplete="given-name" maxLength={80} />
          <FormField label="Last name" name="last_name" autoComplete="family-name" maxLength={80} />
        </div>
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError}
          hint={<PasswordRules password={password} />}
        />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Creating your account…' : 'Create account'}
        </button>
        <p className="text-xs leading-relaxed text-subtle">
          By creating an account you agree to our{' '}
          <Link to="/privacy#terms" className="underline underline-offset-2">
            Terms &amp; Conditions
          </Link>{' '}
          and{' '}
          <Link to="/privacy#privacy-policy" className="underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthShell>
  )
}
