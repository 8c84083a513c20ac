/** The web app keeps one local-storage entry, a map of arbitrary keys. */
export const STORAGE_KEY = 'storyreel'

/** The keys of that map, among them the times the last code of each kind was sent (decision 013). */
export const STORAGE_KEYS = {
  user: 'user',
  accessToken: 'access_token',
  adminAccessToken: 'admin_access_token',
  lastConfirmationCodeSentAt: 'lastConfirmationCodeSentAt',
  lastPasswordResetCodeSentAt: 'lastPasswordResetCodeSentAt',
  lastEmailChangeCodeSentAt: 'lastEmailChangeCodeSentAt',
  lastReauthenticationCodeSentAt: 'lastReauthenticationCodeSentAt',
  lastTimeHideAndroidBanner: 'lastTimeHideAndroidBanner',
  referralExpire: 'referralExpire',
} as const

export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type AppStorage = {
  get: <T = unknown>(name: string) => T | undefined
  set: (name: string, value: unknown) => void
  remove: (...names: string[]) => void
  clear: () => void
  /** Called after any change, in this tab or (through the `storage` event) in another one. */
  subscribe: (listener: () => void) => () => void
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The storage object. Without a usable backend (server rendering, Safari private mode, storage disabled)
 * it keeps the map in memory, so the app still works for the visit. A corrupt entry reads as empty.
 */
export function createStorage(key: string = STORAGE_KEY, backend?: StorageBackend): AppStorage {
  let memory: Record<string, unknown> = {}
  const listeners = new Set<() => void>()

  const read = (): Record<string, unknown> => {
    if (!backend) return memory
    try {
      const parsed: unknown = JSON.parse(backend.getItem(key) ?? '{}')
      return isRecord(parsed) ? parsed : {}
    } catch {
      return {}
    }
  }
  const write = (map: Record<string, unknown>) => {
    memory = map
    try {
      if (Object.keys(map).length === 0) backend?.removeItem(key)
      else backend?.setItem(key, JSON.stringify(map))
    } catch {
      // Quota exceeded or storage disabled: the in-memory copy keeps this visit working.
      backend = undefined
    }
    for (const listener of listeners) listener()
  }

  return {
    get: <T>(name: string) => read()[name] as T | undefined,
    set: (name, value) => write({ ...read(), [name]: value }),
    remove: (...names) => {
      const map = read()
      for (const name of names) delete map[name]
      write(map)
    },
    clear: () => write({}),
    subscribe: (listener) => {
      listeners.add(listener)
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener()
      }
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
      return () => {
        listeners.delete(listener)
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
      }
    },
  }
}

function getLocalStorage(): StorageBackend | undefined {
  try {
    if (typeof window === 'undefined') return undefined
    const probe = `${STORAGE_KEY}:probe`
    window.localStorage.setItem(probe, '1')
    window.localStorage.removeItem(probe)
    return window.localStorage
  } catch {
    return undefined
  }
}

export const storage: AppStorage = createStorage(STORAGE_KEY, getLocalStorage())
