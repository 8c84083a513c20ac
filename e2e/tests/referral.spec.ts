import { expect, test, type Page } from '@playwright/test'

import { addRedeemCodes } from './admin-fixtures.ts'
import { readStorage } from './auth-fixtures.ts'
import { openPage } from './open-page.ts'

const START = new Date('2025-05-01T10:00:00Z').getTime()
const MINUTE = 60_000
const APP_STORE_REDEEM = 'https://apps.apple.com/redeem?ctx=offercodes&id=6450186302&code=FREEWEEK'
const GOOGLE_PLAY_REDEEM = /^https:\/\/play\.google\.com\/redeem\?code=([A-Z0-9-]+)$/

type ReferralRecord = { from: number; to: number; code?: string }

const popup = (page: Page) => page.getByRole('dialog', { name: 'Free Week of StoryReel!' })
const gift = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Free Week offer/ })

async function readReferral(page: Page): Promise<ReferralRecord | undefined> {
  const stored = await readStorage(page)
  return (stored.referralExpire as Record<string, ReferralRecord> | undefined)?.FREEWEEK
}

/** Puts values in the storage object before any page script runs, on every load of this page. */
async function seedStorage(page: Page, values: Record<string, unknown>) {
  await page.addInitScript((seed) => localStorage.setItem('storyreel', JSON.stringify(seed)), values)
}

test.describe('the Free Week referral', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: START })
  })

  test('?referral=FREEWEEK opens the popup at once, counting down every second from 10:00', async ({ page }) => {
    await openPage(page, '/?referral=FREEWEEK')
    const dialog = popup(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Free Week of StoryReel!' })).toBeVisible()
    await expect(dialog).toContainText('Unlock a full week of StoryReel access for free!')
    await expect(dialog.getByRole('button', { name: 'Redeem at App Store' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Redeem at Google Play' })).toBeVisible()

    const record = await readReferral(page)
    expect(record && record.to - record.from).toBe(10 * MINUTE)
    expect(record?.from).toBeGreaterThanOrEqual(START)

    const timer = dialog.getByRole('timer')
    await page.clock.pauseAt((record?.from ?? START) + 30_000)
    await expect(timer).toContainText('9:30')
    await expect(timer).toHaveAccessibleName('Offer ends in 9 minutes 30 seconds')
    await page.clock.runFor(1000)
    await expect(timer).toContainText('9:29')
    await page.clock.runFor(60_000)
    await expect(timer).toContainText('8:29')
    await expect(gift(page)).toHaveAccessibleName('Free Week offer, 8:29 left')
  })

  test('without the parameter nothing opens until the pricing page’s offer starts the countdown', async ({ page }) => {
    await openPage(page, '/')
    await expect(popup(page)).toBeHidden()
    await expect(gift(page)).toBeHidden()

    await openPage(page, '/pricing')
    await expect(popup(page)).toBeHidden()
    expect(await readReferral(page)).toBeUndefined()

    await page.getByRole('button', { name: 'Claim your Free Week' }).click()
    await expect(popup(page)).toBeVisible()
    const record = await readReferral(page)
    expect(record && record.to - record.from).toBe(10 * MINUTE)
    await page.keyboard.press('Escape')
    await expect(gift(page)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Redeem your Free Week/ })).toBeVisible()
  })

  test('a stored expiry is counted down from, not restarted', async ({ page }) => {
    const stored = { from: START - 7 * MINUTE, to: START + 3 * MINUTE }
    await seedStorage(page, { referralExpire: { FREEWEEK: stored } })
    await openPage(page, '/features')
    await expect(popup(page)).toBeHidden()
    await page.clock.pauseAt(START + MINUTE)
    await expect(gift(page)).toHaveAccessibleName('Free Week offer, 2:00 left')

    await gift(page).click()
    await expect(popup(page).getByRole('timer')).toContainText('2:00')
    expect(await readReferral(page)).toEqual(stored)
  })

  test('at 0:00 the popup closes, the gift goes and the offer stays over', async ({ page }) => {
    await openPage(page, '/pricing?referral=FREEWEEK')
    await expect(popup(page)).toBeVisible()
    await expect(gift(page)).toBeVisible()

    await page.clock.fastForward('10:00')
    await expect(popup(page)).toBeHidden()
    await expect(gift(page)).toBeHidden()
    await expect(page.getByText('Your Free Week offer has ended.')).toBeVisible()

    // The link again, later: the stored expiry is in the past, so nothing opens.
    await openPage(page, '/pricing?referral=FREEWEEK')
    await expect(page.getByText('Your Free Week offer has ended.')).toBeVisible()
    await expect(popup(page)).toBeHidden()
    await expect(gift(page)).toBeHidden()
  })

  test('is a modal dialog: focus stays inside, Escape closes it and focus returns; the gift reopens it', async ({
    page,
  }) => {
    await openPage(page, '/pricing')
    await page.getByRole('button', { name: 'Claim your Free Week' }).click()
    const dialog = popup(page)
    await expect(dialog).toBeVisible()
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: /^Redeem your Free Week/ })).toBeFocused()

    await gift(page).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(gift(page)).toBeFocused()
  })

  test("Redeem at App Store opens Apple's offer-code page for the app and records referral_redeem", async ({
    page,
    context,
  }) => {
    await context.route('https://apps.apple.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>App Store</title>' }),
    )
    await seedStorage(page, { analyticsConsent: 'granted' })
    await openPage(page, '/?referral=FREEWEEK')
    const storePage = page.waitForEvent('popup')
    await popup(page).getByRole('button', { name: 'Redeem at App Store' }).click()
    const store = await storePage
    await store.waitForURL(APP_STORE_REDEEM)
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer)).toContainEqual({
      event: 'referral_redeem',
      store: 'app_store',
      referral: 'FREEWEEK',
    })
  })

  test('Redeem at Google Play claims a code once, caches it in the record and reuses it', async ({
    page,
    context,
    request,
  }) => {
    await addRedeemCodes(request, 1)
    await context.route('https://play.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Google Play</title>' }),
    )
    let codeCalls = 0
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/referral-code') codeCalls += 1
    })
    const redeem = async () => {
      const storePage = page.waitForEvent('popup')
      await popup(page).getByRole('button', { name: 'Redeem at Google Play' }).click()
      const store = await storePage
      await store.waitForURL(GOOGLE_PLAY_REDEEM)
      const code = GOOGLE_PLAY_REDEEM.exec(store.url())?.[1]
      await store.close()
      return code
    }

    await openPage(page, '/?referral=FREEWEEK')
    const code = await redeem()
    expect(code).toBeTruthy()
    expect((await readReferral(page))?.code).toBe(code)
    await expect(popup(page)).toContainText(`Your Google Play code: ${code}`)

    await popup(page).getByRole('button', { name: 'Close' }).click()
    await gift(page).click()
    expect(await redeem()).toBe(code)

    await openPage(page, '/pricing?referral=FREEWEEK')
    expect(await redeem()).toBe(code)
    expect(codeCalls).toBe(1)
  })

  test('an empty code pool or a failed call is explained in the popup', async ({ page }) => {
    let answer: 'empty' | 'offline' = 'empty'
    await page.route('**/api/referral-code', (route) =>
      answer === 'empty'
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 404,
              error: 'Not Found',
              code: 'REDEEM_CODES_EMPTY',
              message: 'All Free Week codes have been given out for now. Please check back later.',
            }),
          })
        : route.abort('internetdisconnected'),
    )
    await openPage(page, '/?referral=FREEWEEK')
    const dialog = popup(page)
    const googlePlay = dialog.getByRole('button', { name: 'Redeem at Google Play' })
    await googlePlay.click()
    await expect(dialog.getByRole('status')).toHaveText(/All Google Play codes have been given out for now/)
    await expect(googlePlay).toHaveAccessibleDescription(/given out/)

    answer = 'offline'
    await googlePlay.click()
    await expect(dialog.getByRole('status')).toHaveText(/We could not get your Google Play code/)
    expect((await readReferral(page))?.code).toBeUndefined()
  })
})
