import type { AuthenticatedUser, DiscordLoginBody } from '@storyreel/contracts/auth'

import { getApi } from '#app/lib/api.ts'
import { createRandomToken } from '#app/lib/random.ts'
import { saveSession } from '#app/lib/session.ts'

const STATE_KEY = 'storyreel:discord-state'

/** Sends the visitor to Discord's consent page; Discord returns them to /auth/discord with a code. */
export function startDiscordSignIn(config: { clientId: string; redirectUri: string; authorizeUrl: string }): void {
  const state = createRandomToken()
  // Per tab and short-lived: the callback in this tab compares it, so a forged callback link fails.
  sessionStorage.setItem(STATE_KEY, state)
  const url = new URL(config.authorizeUrl)
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: 'code',
    scope: 'identify email',
    state,
    prompt: 'none',
  }).toString()
  window.location.assign(url.toString())
}

export class DiscordStateError extends Error {}

export async function finishDiscordSignIn({
  code,
  state,
  redirectUri,
}: {
  code: string
  state: string
  redirectUri: string
}) {
  const expected = sessionStorage.getItem(STATE_KEY)
  sessionStorage.removeItem(STATE_KEY)
  if (!expected || expected !== state) {
    throw new DiscordStateError('This sign-in link has expired or was not started here. Please try again.')
  }
  const body: DiscordLoginBody = { code, state, redirect_uri: redirectUri }
  const user = await getApi().post<AuthenticatedUser>('auth/discord-login', body, { notifyOnError: true })
  saveSession(user)
  return user
}
