/**
 * The one place the product's identity lives. Every text that names the product, and every link to
 * the stores or our mailboxes, reads from here.
 */
export const BRAND = {
  name: 'StoryReel',
  tagline: 'AI Video Generator',
  storeSubtitle: 'AI Story Creator & Movie Maker',
  domain: 'storyreel.app',
  supportEmail: 'support@storyreel.app',
  creatorsEmail: 'creators@storyreel.app',
  appStore: {
    id: '6450186302',
    url: 'https://apps.apple.com/app/storyreel-ai-video-generator/id6450186302',
    /**
     * Apple's offer-code redemption page: `?ctx=offercodes&id=<app id>&code=<code>` opens the App Store's
     * redeem sheet for this app with the code filled in.
     * @see https://developer.apple.com/help/app-store-connect/manage-subscriptions/set-up-offer-codes
     */
    redeemUrl: 'https://apps.apple.com/redeem',
  },
  googlePlay: {
    id: 'app.storyreel.android',
    url: 'https://play.google.com/store/apps/details?id=app.storyreel.android',
    /** Takes a promo code as `?code=`, so one tap fills it in on the visitor's phone. */
    redeemUrl: 'https://play.google.com/redeem',
  },
  copyrightYears: '2022-2025',
} as const

export const FREE_WEEK_REFERRAL = 'FREEWEEK'
