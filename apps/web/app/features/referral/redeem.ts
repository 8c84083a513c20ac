import { recordEvent } from '#app/lib/analytics.ts'

import { getAppStoreRedeemUrl, getGooglePlayRedeemUrl } from './redeem-urls.ts'
import type { ReferralCodeResult } from './referral-code.ts'
import { referral, type ReferralStore } from './referral-store.ts'

export type RedeemOutcome = { ok: true } | { ok: false; reason: 'inactive' | 'pool-empty' | 'failed' }

/** A tab opened during the click, navigated once the code is known (a later window.open would be blocked). */
export type PendingTab = { navigate: (url: string) => void; close: () => void }

export type RedeemerDeps = {
  referral: Pick<ReferralStore, 'isActive' | 'getState' | 'getCode' | 'saveCode'>
  fetchCode: () => Promise<ReferralCodeResult>
  openTab: (url: string) => void
  openPendingTab: () => PendingTab | undefined
  record: typeof recordEvent
}

/** The popup's two buttons. Both do nothing while no referral is active. */
export function createRedeemer(deps: RedeemerDeps) {
  const recordRedeem = (store: 'app_store' | 'google_play') =>
    deps.record('referral_redeem', { store, referral: deps.referral.getState().name })

  return {
    redeemAtAppStore(): RedeemOutcome {
      const { name } = deps.referral.getState()
      if (!deps.referral.isActive() || !name) return { ok: false, reason: 'inactive' }
      deps.openTab(getAppStoreRedeemUrl(name))
      recordRedeem('app_store')
      return { ok: true }
    },

    async redeemAtGooglePlay(): Promise<RedeemOutcome> {
      if (!deps.referral.isActive()) return { ok: false, reason: 'inactive' }
      const cached = deps.referral.getCode()
      if (cached) {
        deps.openTab(getGooglePlayRedeemUrl(cached))
        recordRedeem('google_play')
        return { ok: true }
      }
      const tab = deps.openPendingTab()
      const result = await deps.fetchCode()
      if (!result.ok) {
        tab?.close()
        return result
      }
      deps.referral.saveCode(result.code)
      const url = getGooglePlayRedeemUrl(result.code)
      if (tab) tab.navigate(url)
      else deps.openTab(url)
      recordRedeem('google_play')
      return { ok: true }
    },
  }
}

/** The browser's redeemer: store pages open in a new tab; the code call loads with its first use. */
export const redeemer = createRedeemer({
  referral,
  fetchCode: async () => (await import('./referral-code.ts')).fetchReferralCode(),
  openTab: (url) => void window.open(url, '_blank', 'noopener'),
  openPendingTab: () => {
    const tab = window.open('', '_blank')
    if (!tab) return undefined
    // The store page must not be able to reach back into ours.
    tab.opener = null
    return { navigate: (url) => tab.location.replace(url), close: () => tab.close() }
  },
  record: recordEvent,
})
