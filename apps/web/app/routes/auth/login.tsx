import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'

import { FormField, Spinner } from '#app/components/ui/form-field.tsx'
import { authApi } from '#app/features/auth/auth-api.ts'
import { AuthShell } from '#app/features/auth/components/auth-shell.tsx'
import { AuthSwitchLink } from '#app/features/auth/components/auth-switch-link.tsx'
import { ProviderButtons } from '#app/features/auth/components/provider-buttons.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { useSignedIn } from '#app/features/auth/use-signed-in.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { getFormText } from '#app/lib/form-data.ts'

export const clientMiddleware = routeMiddleware('no-auth-required')

export function meta() {
  return [{ title: pageTitle('Sign in') }, { name: 'robots', content: 'noindex' }]
}

export default function LoginRoute() {
  const onSignedIn = useSignedIn()
  const [pending, setPending] = useState(false)
  const [email, setEmail] = useState('')
  const address = email.trim()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setPending(true)
    try {
      onSignedIn(await authApi.login({ email: getFormText(form, 'email'), password: getFormText(form, 'password') }))
    } catch {
      // The query helper showed the answer's message as a toast; the form keeps what was typed.
    } finally {
      setPending(false)
    }
  }

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to keep creating."
      footer={
        <>
          New to StoryReel? <AuthSwitchLink to="/auth/register">Create an account</AuthSwitchLink>
        </>
      }
    >
      <ProviderButtons onSignedIn={onSignedIn} />
      <form className="mt-4 space-y-4" onSubmit={(event) => void onSubmit(event)} aria-busy={pending}>
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
        <div>
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
          />
          <p className="mt-2 text-right text-sm">
            <Link
              to={address ? `/auth/forgot?email=${encodeURIComponent(address)}` : '/auth/forgot'}
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </AuthShell>
  )
}
