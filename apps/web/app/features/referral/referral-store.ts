import { FREE_WEEK_REFERRAL } from '@storyreel/contracts/brand'

import { storage, STORAGE_KEYS, type AppStorage } from '#app/lib/storage.ts'

/** The Free Week offer stays open for 10 minutes and the countdown ticks every second. */
export const FREE_WEEK_DURATION_MS = 10 * 60_000
export const FREE_WEEK_TICK_MS = 1000

/** Kept in the storage object under `referralExpire`, keyed by referral name; times in ms. */
export type ReferralRecord = { from: number; to: number; code?: string }

export type ReferralState = {
  status: 'not-initialised' | 'initialised'
  name: string | undefined
  /** When the countdown started and ends; both unset until it starts. */
  startedAt: number | undefined
  endsAt: number | undefined
  secondsLeft: number
  stopped: boolean
  popupOpen: boolean
  /** Initialised, a name set, the end in the future and not stopped (as of the last tick). */
  active: boolean
}

const INITIAL_STATE: ReferralState = {
  status: 'not-initialised',
  name: undefined,
  startedAt: undefined,
  endsAt: undefined,
  secondsLeft: 0,
  stopped: false,
  popupOpen: false,
  active: false,
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/** The stored record for `name`, or undefined when there is none or it is not one we wrote. */
export function getReferralRecord(
  name: string = FREE_WEEK_REFERRAL,
  appStorage: AppStorage = storage,
): ReferralRecord | undefined {
  const records = appStorage.get<Record<string, unknown>>(STORAGE_KEYS.referralExpire)
  const record: unknown = records && typeof records === 'object' ? records[name] : undefined
  if (!record || typeof record !== 'object') return undefined
  const { from, to, code } = record as Record<string, unknown>
  if (!isFiniteNumber(from) || !isFiniteNumber(to)) return undefined
  return typeof code === 'string' && code ? { from, to, code } : { from, to }
}

function saveReferralRecord(name: string, record: ReferralRecord, appStorage: AppStorage) {
  const records = appStorage.get<Record<string, unknown>>(STORAGE_KEYS.referralExpire)
  appStorage.set(STORAGE_KEYS.referralExpire, {
    ...(records && typeof records === 'object' ? records : {}),
    [name]: record,
  })
}

export type ReferralStoreDeps = {
  storage?: AppStorage
  now?: () => number
  durationMs?: number
}

/**
 * The Free Week referral (decision 016). Not initialised until the landing layout runs in the browser; then the
 * name is FREEWEEK. The countdown starts from a stored expiry when there is one (a returning visitor), else
 * when the popup first opens, storing start and end. At 0 seconds or below it stops, the referral turns
 * inactive and the popup closes.
 */
export function createReferralStore({
  storage: appStorage = storage,
  now = Date.now,
  durationMs = FREE_WEEK_DURATION_MS,
}: ReferralStoreDeps = {}) {
  let state: ReferralState = INITIAL_STATE
  let timer: ReturnType<typeof setInterval> | undefined
  const listeners = new Set<() => void>()

  const isActive = (candidate: ReferralState = state) =>
    candidate.status === 'initialised' &&
    Boolean(candidate.name) &&
    candidate.endsAt !== undefined &&
    candidate.endsAt > now() &&
    !candidate.stopped

  const update = (patch: Partial<ReferralState>) => {
    const next = { ...state, ...patch }
    state = { ...next, active: isActive(next) }
    for (const listener of listeners) listener()
  }

  const stopTicking = () => {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }

  const tick = () => {
    if (state.endsAt === undefined) return
    // Rounded, so a timer that fires a few ms early or late still shows each second once.
    const secondsLeft = Math.round((state.endsAt - now()) / 1000)
    if (secondsLeft <= 0) {
      stopTicking()
      update({ secondsLeft: 0, stopped: true, popupOpen: false })
    } else if (secondsLeft !== state.secondsLeft || !state.active) {
      update({ secondsLeft })
    }
  }

  const startCountdown = () => {
    const { name } = state
    if (!name || state.endsAt !== undefined) return
    let record = getReferralRecord(name, appStorage)
    if (!record) {
      const from = now()
      record = { from, to: from + durationMs }
      saveReferralRecord(name, record, appStorage)
    }
    update({ startedAt: record.from, endsAt: record.to })
    tick()
    if (!state.stopped) timer = setInterval(tick, FREE_WEEK_TICK_MS)
  }

  const open = () => {
    if (state.status !== 'initialised') return
    startCountdown()
    if (isActive()) update({ popupOpen: true })
  }

  return {
    getState: () => state,
    /** What the server renders: the state before the browser initialises it. */
    getInitialState: () => INITIAL_STATE,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    isActive: () => isActive(),

    /**
     * Runs once per page load in the browser. A stored expiry resumes its countdown; `?referral=FREEWEEK`
     * (any case) opens the popup at once, and does so again on a later client navigation that adds it.
     */
    initialise({ referralParam }: { referralParam?: string | null } = {}) {
      if (state.status === 'not-initialised') {
        update({ status: 'initialised', name: FREE_WEEK_REFERRAL })
        if (getReferralRecord(FREE_WEEK_REFERRAL, appStorage)) startCountdown()
      }
      if (referralParam?.toUpperCase() === state.name) open()
    },

    /** Opens the popup, starting the countdown if it has not started; an ended offer stays closed. */
    open,
    close: () => {
      if (state.popupOpen) update({ popupOpen: false })
    },

    /** The Google Play code cached in the record: fetched once, then reused without a call. */
    getCode: () => (state.name ? getReferralRecord(state.name, appStorage)?.code : undefined),
    saveCode(code: string) {
      const record = state.name ? getReferralRecord(state.name, appStorage) : undefined
      if (state.name && record) saveReferralRecord(state.name, { ...record, code }, appStorage)
    },

    /** Stops the timer; for tests and hot reloads. */
    dispose: () => stopTicking(),
  }
}

export type ReferralStore = ReturnType<typeof createReferralStore>

/** The page's one referral, shared by the popup, the header gift and the pricing page's call to action. */
export const referral: ReferralStore = createReferralStore()
