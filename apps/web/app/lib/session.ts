import { useSyncExternalStore } from 'react'

import type { AuthenticatedUser, User } from '@storyreel/contracts/auth'

import { storage, STORAGE_KEYS } from './storage.ts'

/** Anonymous becomes logged in once a user with an access token is stored. */
export type SessionState = { user: User | undefined; token: string | undefined }

export function getSession(): SessionState {
  const user = storage.get<User>(STORAGE_KEYS.user)
  const token = storage.get<string>(STORAGE_KEYS.accessToken)
  return user && typeof user === 'object' && typeof token === 'string'
    ? { user, token }
    : { user: undefined, token: undefined }
}

export function saveSession({ access_token, expires_at: _expiresAt, ...user }: AuthenticatedUser): void {
  storage.set(STORAGE_KEYS.user, user)
  storage.set(STORAGE_KEYS.accessToken, access_token)
}

export function saveUser(user: User): void {
  storage.set(STORAGE_KEYS.user, user)
}

export function clearSession(): void {
  storage.remove(STORAGE_KEYS.user, STORAGE_KEYS.accessToken)
}

export function getAdminToken(): string | undefined {
  return storage.get<string>(STORAGE_KEYS.adminAccessToken)
}

export function saveAdminToken(token: string): void {
  storage.set(STORAGE_KEYS.adminAccessToken, token)
}

export function clearAdminToken(): void {
  storage.remove(STORAGE_KEYS.adminAccessToken)
}

let cached: { raw: string; state: SessionState } | undefined

/** A stable snapshot for useSyncExternalStore: the same object until the stored values change. */
function getSnapshot(): SessionState {
  const state = getSession()
  const raw = JSON.stringify(state)
  if (cached?.raw !== raw) cached = { raw, state }
  return cached.state
}

const SERVER_SNAPSHOT: SessionState = { user: undefined, token: undefined }

export function useSession(): SessionState {
  return useSyncExternalStore(storage.subscribe, getSnapshot, () => SERVER_SNAPSHOT)
}
