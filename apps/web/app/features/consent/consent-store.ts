import { useSyncExternalStore } from 'react'

import { applyConsentMode, getAnalyticsConsent, saveAnalyticsConsent, type ConsentChoice } from '#app/lib/analytics.ts'
import { env } from '#app/lib/env.ts'
import { storage } from '#app/lib/storage.ts'
import { loadTagManager } from '#app/lib/tag-manager.ts'

export type ConsentState = {
  /** False in the prerendered HTML and during hydration: the stored choice is unknown there. */
  ready: boolean
  /** The stored choice; undefined until the visitor makes one, which is when the banner shows. */
  choice: ConsentChoice | undefined
  settingsOpen: boolean
}

export type ConsentStore = {
  getSnapshot: () => ConsentState
  subscribe: (listener: () => void) => () => void
  /** Applies the stored choice when the page starts, and any choice made later in another tab. */
  start: () => () => void
  /** Saves the choice and applies it at once: granting loads Tag Manager there and then, no reload. */
  choose: (choice: ConsentChoice) => void
  openSettings: () => void
  closeSettings: () => void
}

const SERVER_STATE: ConsentState = { ready: false, choice: undefined, settingsOpen: false }

/** `gtmId` null means Tag Manager is off: the choice is still asked for, kept and honoured by recordEvent. */
export function createConsentStore({ gtmId }: { gtmId: string | null }): ConsentStore {
  const listeners = new Set<() => void>()
  let settingsOpen = false
  let snapshot: ConsentState = { ready: true, choice: getAnalyticsConsent(), settingsOpen }

  const emit = () => {
    const choice = getAnalyticsConsent()
    if (choice !== snapshot.choice || settingsOpen !== snapshot.settingsOpen) {
      snapshot = { ready: true, choice, settingsOpen }
    }
    for (const listener of listeners) listener()
  }

  const apply = (choice: ConsentChoice | undefined) => {
    applyConsentMode(choice)
    // A blocked or offline Tag Manager costs the site nothing; the visitor is not told about it.
    if (choice === 'granted' && gtmId) loadTagManager(gtmId).catch(() => undefined)
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start: () => {
      apply(getAnalyticsConsent())
      emit()
      return storage.subscribe(() => {
        apply(getAnalyticsConsent())
        emit()
      })
    },
    choose: (choice) => {
      settingsOpen = false
      saveAnalyticsConsent(choice)
      apply(choice)
      emit()
    },
    openSettings: () => {
      settingsOpen = true
      emit()
    },
    closeSettings: () => {
      settingsOpen = false
      emit()
    },
  }
}

export const consentStore = createConsentStore({ gtmId: env.gtmId })

export function useConsent(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, () => SERVER_STATE)
}
