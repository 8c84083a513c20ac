import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'
import type { PublicConfig } from '@storyreel/contracts/public-config'

import { Spinner } from '#app/components/ui/form-field.tsx'
import { AppleIcon, DiscordIcon, GoogleIcon } from '#app/components/ui/icons.tsx'
import { toasts } from '#app/lib/toast.ts'

import { authApi } from '../auth-api.ts'
import { signInWithApple } from '../providers/apple.ts'
import { startDiscordSignIn } from '../providers/discord.ts'
import { renderGoogleButton, signInWithGoogleCredential } from '../providers/google.ts'

const providerButton =
  'flex h-12 w-full items-center justify-center gap-3 rounded-full border border-line bg-surface px-4 text-[15px] font-semibold text-ink transition-colors hover:border-accent disabled:cursor-wait disabled:opacity-70'

/** A sign-in failure is logged and shown; closing the provider's popup is not a failure. */
function reportFailure(provider: string, error: unknown) {
  const code = typeof error === 'object' && error !== null && 'error' in error ? String(error.error) : ''
  if (code === 'popup_closed_by_user' || code === 'user_cancelled_authorize') return
  console.error(error)
  if (error instanceof Error && error.name === 'ApiError') return // its message is already a toast
  toasts.notify({ tone: 'negative', message: `${provider} sign-in did not finish. Please try again.` })
}

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: authApi.getPublicConfig, staleTime: 5 * 60_000 })
}

function GoogleButton({
  config,
  onSignedIn,
}: {
  config: NonNullable<PublicConfig['google']>
  onSignedIn: (user: AuthenticatedUser) => void
}) {
  const slot = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'busy' | 'unavailable'>('loading')
  useEffect(() => {
    const parent = slot.current
    if (!parent) return
    let cancelled = false
    renderGoogleButton(
      parent,
      {
        clientId: config.client_id,
        width: parent.clientWidth || 320,
        dark: document.documentElement.classList.contains('dark'),
      },
      (credential, nonce) => {
        setState('busy')
        signInWithGoogleCredential(credential, nonce).then(onSignedIn, (error: unknown) => {
          setState('ready')
          reportFailure('Google', error)
        })
      },
    ).then(
      (rendered) => !cancelled && setState(rendered ? 'ready' : 'unavailable'),
      // The SDK did not load (offline, blocked): the button says so and e-mail sign-in still works.
      () => !cancelled && setState('unavailable'),
    )
    return () => {
      cancelled = true
    }
  }, [config.client_id, onSignedIn])
  return (
    <div className="relative min-h-12">
      {state !== 'ready' ? (
        <button type="button" className={providerButton} disabled aria-busy={state !== 'unavailable'}>
          {state === 'unavailable' ? null : state === 'busy' ? <Spinner /> : <GoogleIcon className="h-5 w-5" />}
          {state === 'unavailable' ? 'Google sign-in is unavailable right now' : 'Continue with Google'}
        </button>
      ) : null}
      {/* Google's popup opens only from its own button, so it is rendered here once the SDK is ready. */}
      <div
        ref={slot}
        className={`flex justify-center ${state === 'ready' ? '' : 'absolute inset-0 opacity-0'}`}
        data-testid="google-button-slot"
      />
    </div>
  )
}

/** Apple, Google and Discord, each shown only when /api/v1/config says it is on (decision 013). */
export function ProviderButtons({ onSignedIn }: { onSignedIn: (user: AuthenticatedUser) => void }) {
  const { data: config, isPending } = usePublicConfig()
  const [busy, setBusy] = useState<'apple' | 'discord' | undefined>()

  if (isPending) {
    return (
      <div className="space-y-3" aria-hidden="true">
        <div className="h-12 animate-pulse rounded-full bg-raised" />
      </div>
    )
  }
  if (!config || !(config.sign_in.apple || config.sign_in.google || config.sign_in.discord)) return null
  const { apple, google, discord } = config

  return (
    <div className="space-y-3">
      {config.sign_in.apple && apple ? (
        <button
          type="button"
          className={providerButton}
          disabled={busy !== undefined}
          onClick={() => {
            setBusy('apple')
            signInWithApple({ clientId: apple.client_id, redirectUri: apple.redirect_uri ?? window.location.href })
              .then(onSignedIn, (error: unknown) => reportFailure('Apple', error))
              .finally(() => setBusy(undefined))
          }}
        >
          {busy === 'apple' ? <Spinner /> : <AppleIcon className="h-5 w-5" />}
          Continue with Apple
        </button>
      ) : null}
      {config.sign_in.google && google ? <GoogleButton config={google} onSignedIn={onSignedIn} /> : null}
      {config.sign_in.discord && discord ? (
        <button
          type="button"
          className={providerButton}
          disabled={busy !== undefined}
          onClick={() => {
            setBusy('discord')
            startDiscordSignIn({
              clientId: discord.client_id,
              redirectUri: discord.redirect_uri,
              authorizeUrl: discord.authorize_url,
            })
          }}
        >
          {busy === 'discord' ? <Spinner /> : <DiscordIcon className="h-5 w-5 text-[#5865F2]" />}
          Continue with Discord
        </button>
      ) : null}
      <div className="flex items-center gap-3 pt-2 text-xs uppercase tracking-wider text-subtle" role="separator">
        <span className="h-px flex-1 bg-line" />
        or with e-mail
        <span className="h-px flex-1 bg-line" />
      </div>
    </div>
  )
}
