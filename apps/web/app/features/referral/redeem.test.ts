// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'

import { createStorage, type StorageBackend } from '#app/lib/storage.ts'

import { createRedeemer, type RedeemerDeps } from './redeem.ts'
import type { ReferralCodeResult } from './referral-code.ts'
import { createReferralStore, type ReferralStore } from './referral-store.ts'

const APP_STORE_URL = 'https://apps.apple.com/redeem?ctx=offercodes&id=6450186302&code=FREEWEEK'

function createMemoryBackend(): StorageBackend {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('redeeming the Free Week', () => {
  let referral: ReferralStore
  let deps: RedeemerDeps & {
    openTab: Mock<(url: string) => void>
    fetchCode: Mock<() => Promise<ReferralCodeResult>>
    record: Mock<RedeemerDeps['record']>
  }
  let pendingTab: { navigate: Mock<(url: string) => void>; close: Mock<() => void> }

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-05-01T10:00:00Z') })
    referral = createReferralStore({ storage: createStorage('storyreel-test', createMemoryBackend()) })
    pendingTab = { navigate: vi.fn(), close: vi.fn() }
    deps = {
      referral,
      fetchCode: vi.fn(async (): Promise<ReferralCodeResult> => ({ ok: true, code: 'GPLAY123' })),
      openTab: vi.fn<(url: string) => void>(),
      openPendingTab: () => pendingTab,
      record: vi.fn<RedeemerDeps['record']>(),
    }
  })

  afterEach(() => {
    referral.dispose()
    vi.useRealTimers()
  })

  it('does nothing while no referral is active', async () => {
    const redeemer = createRedeemer(deps)
    referral.initialise()
    expect(redeemer.redeemAtAppStore()).toEqual({ ok: false, reason: 'inactive' })
    expect(await redeemer.redeemAtGooglePlay()).toEqual({ ok: false, reason: 'inactive' })

    referral.open()
    vi.advanceTimersByTime(10 * 60_000)
    expect(redeemer.redeemAtAppStore()).toEqual({ ok: false, reason: 'inactive' })
    expect(await redeemer.redeemAtGooglePlay()).toEqual({ ok: false, reason: 'inactive' })

    expect(deps.openTab).not.toHaveBeenCalled()
    expect(deps.fetchCode).not.toHaveBeenCalled()
    expect(deps.record).not.toHaveBeenCalled()
  })

  it("opens Apple's offer-code page with the referral name and records referral_redeem", () => {
    const redeemer = createRedeemer(deps)
    referral.initialise({ referralParam: 'FREEWEEK' })
    expect(redeemer.redeemAtAppStore()).toEqual({ ok: true })
    expect(deps.openTab).toHaveBeenCalledWith(APP_STORE_URL)
    expect(deps.record).toHaveBeenCalledWith('referral_redeem', { store: 'app_store', referral: 'FREEWEEK' })
  })

  it('fetches the Google Play code once, caches it and reuses it', async () => {
    const redeemer = createRedeemer(deps)
    referral.initialise({ referralParam: 'FREEWEEK' })
    expect(await redeemer.redeemAtGooglePlay()).toEqual({ ok: true })
    expect(pendingTab.navigate).toHaveBeenCalledWith('https://play.google.com/redeem?code=GPLAY123')
    expect(referral.getCode()).toBe('GPLAY123')

    expect(await redeemer.redeemAtGooglePlay()).toEqual({ ok: true })
    expect(deps.fetchCode).toHaveBeenCalledTimes(1)
    expect(deps.openTab).toHaveBeenCalledWith('https://play.google.com/redeem?code=GPLAY123')
    expect(deps.record).toHaveBeenCalledTimes(2)
    expect(deps.record).toHaveBeenLastCalledWith('referral_redeem', { store: 'google_play', referral: 'FREEWEEK' })
  })

  it('opens the store directly when the browser refused the early tab', async () => {
    const redeemer = createRedeemer({ ...deps, openPendingTab: () => undefined })
    referral.initialise({ referralParam: 'FREEWEEK' })
    await redeemer.redeemAtGooglePlay()
    expect(deps.openTab).toHaveBeenCalledWith('https://play.google.com/redeem?code=GPLAY123')
  })

  it.each(['pool-empty', 'failed'] as const)('reports %s, closes the early tab and caches nothing', async (reason) => {
    deps.fetchCode.mockResolvedValue({ ok: false, reason })
    const redeemer = createRedeemer(deps)
    referral.initialise({ referralParam: 'FREEWEEK' })
    expect(await redeemer.redeemAtGooglePlay()).toEqual({ ok: false, reason })
    expect(pendingTab.close).toHaveBeenCalled()
    expect(pendingTab.navigate).not.toHaveBeenCalled()
    expect(referral.getCode()).toBeUndefined()
    expect(deps.record).not.toHaveBeenCalled()
  })
})
