import { useState } from 'react'
import { Link } from 'react-router'

import { CONFIRMATION_CODE_TTL_MINUTES } from '@storyreel/contracts/auth'
import { BRAND } from '@storyreel/contracts/brand'

import { authApi } from '#app/features/auth/auth-api.ts'
import { AuthShell } from '#app/features/auth/components/auth-shell.tsx'
import { ConfirmForm } from '#app/features/auth/components/confirm-form.tsx'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('not-confirmed-auth')

export function meta() {
  return [{ title: pageTitle('Confirm your e-mail') }, { name: 'robots', content: 'noindex' }]
}

/** The code step right after a web sign-up, in the app's own frame (decision 031). */
export default function ConfirmCodeRoute() {
  const [signingOut, setSigningOut] = useState(false)
  return (
    <AuthShell
      title="Confirm your e-mail"
      subtitle={`One step before you create. The code works for ${CONFIRMATION_CODE_TTL_MINUTES} minutes; after that, ask for a new one.`}
      footer={
        <div className="space-y-2">
          <p>
            {/* The code comes from the server's MAIL_FROM, whose name is ours but whose address may be any. */}
            No e-mail? Look in spam and promotions for a message from {BRAND.name}, or{' '}
            <Link to="/confirm#tips-title" className="font-semibold text-accent underline-offset-4 hover:underline">
              see what else to try
            </Link>
            .
          </p>
          <p>
            Wrong address?{' '}
            <button
              type="button"
              className="font-semibold text-accent underline-offset-4 hover:underline disabled:opacity-60"
              disabled={signingOut}
              onClick={() => {
                setSigningOut(true)
                void authApi.logout()
              }}
            >
              {signingOut ? 'Signing out…' : 'Sign out and start again'}
            </button>
          </p>
        </div>
      }
    >
      <ConfirmForm />
    </AuthShell>
  )
}
