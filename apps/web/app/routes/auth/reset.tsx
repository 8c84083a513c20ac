import { useNavigate, useSearchParams } from 'react-router'

import { CONFIRMATION_CODE_TTL_MINUTES } from '@storyreel/contracts/auth'

import { AuthShell } from '#app/features/auth/components/auth-shell.tsx'
import { AuthSwitchLink } from '#app/features/auth/components/auth-switch-link.tsx'
import { ResetPasswordForm } from '#app/features/auth/components/reset-password-form.tsx'
import { pageTitle } from '#app/lib/seo.ts'
import { toasts } from '#app/lib/toast.ts'

export function meta() {
  return [{ title: pageTitle('Choose a new password') }, { name: 'robots', content: 'noindex' }]
}

/** Where the reset e-mail's link leads (with the address), and where the forgot-password page goes next. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  return (
    <AuthShell
      title="Choose a new password"
      subtitle={`Enter the code from the e-mail within ${CONFIRMATION_CODE_TTL_MINUTES} minutes, then your new password. Every device signed in to your account will be signed out.`}
      footer={
        <>
          Remembered it? <AuthSwitchLink to="/auth/login">Sign in</AuthSwitchLink>
        </>
      }
    >
      <ResetPasswordForm
        initialEmail={params.get('email') ?? ''}
        onDone={() => {
          toasts.notify({ tone: 'positive', message: 'Your new password is set, and you are signed in.' })
          void navigate('/app', { replace: true })
        }}
      />
    </AuthShell>
  )
}
