import { BRAND } from '@storyreel/contracts/brand'

/**
 * Apple's offer-code redemption URL for our app. The referral name is the App Store custom offer code
 * (docs/decisions/016-free-week-referral.md), so every visitor redeems the same code.
 */
export function getAppStoreRedeemUrl(offerCode: string): string {
  const query = new URLSearchParams({ ctx: 'offercodes', id: BRAND.appStore.id, code: offerCode })
  return `${BRAND.appStore.redeemUrl}?${query.toString()}`
}

/** Google Play's redeem page with the visitor's own promo code filled in. */
export function getGooglePlayRedeemUrl(code: string): string {
  return `${BRAND.googlePlay.redeemUrl}?${new URLSearchParams({ code }).toString()}`
}
