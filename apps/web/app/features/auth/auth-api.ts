import type {
  AuthenticatedUser,
  ConfirmBody,
  LoginBody,
  ProfilePatchBody,
  RegisterBody,
  User,
} from '@storyreel/contracts/auth'
import type { PublicConfig } from '@storyreel/contracts/public-config'

import { recordEvent } from '#app/lib/analytics.ts'
import { getApi } from '#app/lib/api.ts'
import { navigateTo } from '#app/lib/navigation.ts'
import { clearSession, saveSession, saveUser } from '#app/lib/session.ts'
import { storage, STORAGE_KEYS } from '#app/lib/storage.ts'

/** The accounts calls on the product API, each with its notify-on-error flag. */
export const authApi = {
  getPublicConfig: () => getApi().get<PublicConfig>('config', { retry: 2 }),

  async register(body: RegisterBody): Promise<AuthenticatedUser> {
    const user = await getApi().post<AuthenticatedUser>('auth/register', body, { notifyOnError: true })
    // The server mailed a code with the new account; the resend cooldown counts from now.
    storage.set(STORAGE_KEYS.lastConfirmationCodeSentAt, Date.now())
    saveSession(user)
    recordEvent('sign_up', { method: 'email' })
    return user
  },

  async login(body: LoginBody): Promise<AuthenticatedUser> {
    const user = await getApi().post<AuthenticatedUser>('auth/login', body, { notifyOnError: true })
    saveSession(user)
    return user
  },

  async confirm(body: ConfirmBody): Promise<AuthenticatedUser> {
    const user = await getApi().post<AuthenticatedUser>('auth/confirm', body, { notifyOnError: true })
    saveSession(user)
    storage.remove(STORAGE_KEYS.lastConfirmationCodeSentAt)
    return user
  },

  /** A failure here is logged and swallowed; the screen's cooldown still starts. */
  async sendConfirmationCode(email: string): Promise<void> {
    storage.set(STORAGE_KEYS.lastConfirmationCodeSentAt, Date.now())
    try {
      await getApi().post('auth/send-confirmation-code', { email })
    } catch {
      // Already logged by the query helper.
    }
  },

  async getMe(): Promise<User> {
    const user = await getApi().get<User>('auth/me', { auth: true })
    saveUser(user)
    return user
  },

  async updateProfile(changes: ProfilePatchBody): Promise<User> {
    const user = await getApi().patch<User>('auth/profile', changes, {
      auth: true,
      notifyOnError: true,
      successToast: 'Profile saved.',
    })
    saveUser(user)
    if (changes.email) storage.set(STORAGE_KEYS.lastConfirmationCodeSentAt, Date.now())
    return user
  },

  /** Logout clears the user and token and goes to /auth/login; the server revokes the token. */
  async logout(): Promise<void> {
    try {
      await getApi().post('auth/logout', undefined, { auth: true })
    } catch {
      // Signing out here must work even when the server cannot be reached; the token expires on its own.
    }
    clearSession()
    navigateTo('/auth/login', { replace: true })
  },

  async deleteAccount(): Promise<void> {
    await getApi().delete('auth/me', { auth: true, notifyOnError: true })
    clearSession()
    navigateTo('/', { replace: true })
  },
}
