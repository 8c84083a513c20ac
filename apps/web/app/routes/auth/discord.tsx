import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { AuthShell } from '#app/features/auth/components/auth-shell.tsx'
import { finishDiscordSignIn } from '#app/features/auth/providers/discord.ts'
import { routeMiddleware } from '#app/features/auth/route-middleware.ts'
import { useSignedIn } from '#app/features/auth/use-signed-in.ts'
import { pageTitle } from '#app/lib/seo.ts'

export const clientMiddleware = routeMiddleware('no-auth-required')

export function meta() {
  return [{ title: pageTitle('Signing in with Discord') }, { name: 'robots', content: 'noindex' }]
}

/** Discord's redirect lands here with ?code&state (or ?error when the person declined). */
export default function DiscordCallbackRoute() {
  const [params] = useSearchParams()
  const onSignedIn = useSignedIn()
  const code = params.get('code')
  const state = params.get('state')
  const [problem, setProblem] = useState<string | undefined>(() =>
    params.get('error') || !code || !state
      ? 'Discord sign-in was cancelled. You can try again or use another way to sign in.'
      : undefined,
  )
  const started = useRef(false)

  useEffect(() => {
    if (started.current || !code || !state || problem) return
    started.current = true
    finishDiscordSignIn({ code, state, redirectUri: `${window.location.origin}/auth/discord` }).then(
      onSignedIn,
      (error: unknown) => {
        console.error(error)
        setProblem(error instanceof Error ? error.message : 'Discord sign-in did not finish. Please try again.')
      },
    )
  }, [code, state, problem, onSignedIn])

  return (
    <AuthShell
      title="Signing in with Discord"
      subtitle={problem ? 'That did not work.' : 'One moment while we finish signing you in.'}
    >
      {problem ? (
        <div className="space-y-5">
          <p role="alert" className="rounded-2xl border border-rose-400/40 bg-rose-400/10 p-4 text-sm text-ink">
            {problem}
          </p>
          <Link to="/auth/login" className="btn-primary w-full">
            Back to sign in
          </Link>
        </div>
      ) : (
        <p className="flex items-center gap-3 text-muted" role="status">
          <Spinner className="h-5 w-5" /> Checking with Discord…
        </p>
      )}
    </AuthShell>
  )
}
