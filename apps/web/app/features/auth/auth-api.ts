import type {
  AuthenticatedUser,
  ConfirmBody,
  EmailChangeBody,
  LoginBody,
  PasswordChangeBody,
  PasswordChanged,
  PasswordResetConfirmBody,
  ProfilePatchBody,
  RegisterBody,
  SessionList,
  SessionsRevoked,
  User,
} from '@storyreel/contracts/auth'
import type { PublicConfig } from '@storyreel/contracts/public-config'

import { recordEvent } from '#app/lib/analytics.ts'
import { getApi } from '#app/lib/api.ts'
import { navigateTo } from '#app/lib/navigation.ts'
import { clearSession, getSession, saveSession, saveUser } from '#app/lib/session.ts'
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

  /** With the sign-up's session along, so the server ends it as the confirmed one replaces it. */
  async confirm(body: ConfirmBody): Promise<AuthenticatedUser> {
    const user = await getApi().post<AuthenticatedUser>('auth/confirm', body, {
      notifyOnError: true,
      auth: getSession().token !== undefined,
    })
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

  /** Always accepted by the server; the reset screen's resend cooldown starts now. */
  async requestPasswordReset(email: string): Promise<void> {
    await getApi().post('auth/password-reset', { email }, { notifyOnError: true })
    storage.set(STORAGE_KEYS.lastPasswordResetCodeSentAt, Date.now())
  },

  /** The screen shows a wrong code or a weak password beside its field, so no toast here. */
  async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<AuthenticatedUser> {
    const user = await getApi().post<AuthenticatedUser>('auth/password-reset/confirm', body)
    saveSession(user)
    storage.remove(STORAGE_KEYS.lastPasswordResetCodeSentAt)
    return user
  },

  async changePassword(body: PasswordChangeBody): Promise<PasswordChanged> {
    const changed = await getApi().post<PasswordChanged>('auth/password', body, { auth: true })
    saveUser(changed.user)
    return changed
  },

  /** For accounts without a password: a code to the current address stands in for it. */
  async sendReauthenticationCode(): Promise<void> {
    await getApi().post('auth/reauthentication-code', undefined, { auth: true, notifyOnError: true })
    storage.set(STORAGE_KEYS.lastReauthenticationCodeSentAt, Date.now())
  },

  async requestEmailChange(body: EmailChangeBody): Promise<void> {
    await getApi().post('auth/email-change', body, { auth: true })
    storage.set(STORAGE_KEYS.lastEmailChangeCodeSentAt, Date.now())
  },

  async confirmEmailChange(code: string): Promise<User> {
    const user = await getApi().post<User>('auth/email-change/confirm', { code }, { auth: true })
    saveUser(user)
    return user
  },

  listSessions: () => getApi().get<SessionList>('auth/sessions', { auth: true }),

  revokeSession: (id: string) =>
    getApi().delete(`auth/sessions/${encodeURIComponent(id)}`, { auth: true, notifyOnError: true }),

  revokeOtherSessions: () =>
    getApi().post<SessionsRevoked>('auth/sessions/revoke-others', undefined, { auth: true, notifyOnError: true }),

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
