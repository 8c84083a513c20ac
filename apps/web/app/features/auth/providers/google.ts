import type { AuthenticatedUser, GoogleLoginBody } from '@storyreel/contracts/auth'

import { getApi } from '#app/lib/api.ts'
import { decodeJwtPayload } from '#app/lib/jwt.ts'
import { loadScript } from '#app/lib/load-script.ts'
import { createRandomToken } from '#app/lib/random.ts'
import { saveSession } from '#app/lib/session.ts'

export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client'

type CredentialResponse = { credential?: string }
type GoogleId = {
  initialize(config: {
    client_id: string
    scope?: string
    callback: (response: CredentialResponse) => void
    nonce: string
    ux_mode: 'popup'
    auto_select: boolean
    itp_support: boolean
  }): void
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard'
      theme: string
      size: string
      shape: string
      text: string
      width: number
      logo_alignment: string
    },
  ): void
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } }
  }
}

type Handler = (credential: string, nonce: string) => void
let googleId: Promise<{ id: GoogleId; nonce: string } | undefined> | undefined
let currentHandler: Handler | undefined

/** Set up with client_id and scope 'email'; initialised once, then reused by every button render. */
function getGoogleId(clientId: string) {
  googleId ??= loadScript(GOOGLE_SDK_URL).then(() => {
    const id = window.google?.accounts?.id
    if (!id) {
      // Without the API, log this exact line and abort.
      console.error('Google Auth API not initialized.')
      return undefined
    }
    const nonce = createRandomToken()
    id.initialize({
      client_id: clientId,
      scope: 'email',
      nonce,
      ux_mode: 'popup',
      auto_select: false,
      itp_support: true,
      callback: (response) => {
        if (response.credential) currentHandler?.(response.credential, nonce)
      },
    })
    return { id, nonce }
  })
  googleId.catch(() => {
    googleId = undefined
  })
  return googleId
}

/** Google's own button (its popup needs a click on it) rendered into `parent`; calls `onCredential` on success. */
export async function renderGoogleButton(
  parent: HTMLElement,
  { clientId, width, dark }: { clientId: string; width: number; dark: boolean },
  onCredential: Handler,
): Promise<boolean> {
  const google = await getGoogleId(clientId)
  if (!google) return false
  currentHandler = onCredential
  google.id.renderButton(parent, {
    type: 'standard',
    theme: dark ? 'filled_black' : 'outline',
    size: 'large',
    shape: 'pill',
    text: 'continue_with',
    width: Math.min(400, Math.round(width)),
    logo_alignment: 'center',
  })
  return true
}

export async function signInWithGoogleCredential(credential: string, nonce: string): Promise<AuthenticatedUser> {
  const claims = decodeJwtPayload<{ sub?: string; email?: string; given_name?: string }>(credential)
  const payload: GoogleLoginBody = {
    email: claims.email ?? null,
    first_name: claims.given_name ?? null,
    google_identifier: claims.sub ?? null,
    os: 'web',
    credential,
    nonce,
  }
  const user = await getApi().post<AuthenticatedUser>('auth/google-login', payload, { notifyOnError: true })
  saveSession(user)
  return user
}
