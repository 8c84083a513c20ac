import type { AppleLoginBody, AuthenticatedUser } from '@storyreel/contracts/auth'

import { getApi } from '#app/lib/api.ts'
import { decodeJwtPayload } from '#app/lib/jwt.ts'
import { loadScript } from '#app/lib/load-script.ts'
import { createRandomToken } from '#app/lib/random.ts'
import { saveSession } from '#app/lib/session.ts'

export const APPLE_SDK_URL = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js'

type AppleSignInResponse = {
  authorization: { id_token: string; code?: string; state?: string }
  user?: { email?: string; name?: { firstName?: string; lastName?: string } }
}
type AppleAuth = {
  init(config: {
    clientId: string
    scope: string
    redirectURI: string
    usePopup: boolean
    nonce: string
    state: string
  }): void
  signIn(): Promise<AppleSignInResponse>
}
declare global {
  interface Window {
    AppleID?: { auth?: AppleAuth }
  }
}

let appleAuth: Promise<{ auth: AppleAuth; nonce: string }> | undefined

/** Set up with clientId, redirectURI, scope 'name email' and a popup; initialised once, then reused. */
function getAppleAuth(config: { clientId: string; redirectUri: string }) {
  appleAuth ??= loadScript(APPLE_SDK_URL).then(() => {
    const auth = window.AppleID?.auth
    if (!auth) throw new Error('Apple sign-in is not available right now.')
    const nonce = createRandomToken()
    auth.init({
      clientId: config.clientId,
      scope: 'name email',
      redirectURI: config.redirectUri,
      usePopup: true,
      nonce,
      state: createRandomToken(),
    })
    return { auth, nonce }
  })
  appleAuth.catch(() => {
    appleAuth = undefined
  })
  return appleAuth
}

/**
 * Opens Apple's popup, decodes the identity token's claims for the sign-in payload and sends it with the
 * token and nonce; the server verifies the token and trusts nothing else.
 */
export async function signInWithApple(config: { clientId: string; redirectUri: string }): Promise<AuthenticatedUser> {
  const { auth, nonce } = await getAppleAuth(config)
  const response = await auth.signIn()
  const idToken = response.authorization.id_token
  const claims = decodeJwtPayload<{ sub?: string; email?: string }>(idToken)
  const payload: AppleLoginBody = {
    first_name: response.user?.name?.firstName ?? null,
    last_name: response.user?.name?.lastName ?? null,
    email: response.user?.email ?? claims.email ?? null,
    apple_identifier: claims.sub ?? null,
    os: 'web',
    id_token: idToken,
    nonce,
  }
  const user = await getApi().post<AuthenticatedUser>('auth/apple-login', payload, { notifyOnError: true })
  saveSession(user)
  return user
}
