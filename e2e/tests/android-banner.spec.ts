import { expect, test, type Page } from '@playwright/test'

import { readStorage } from './auth-fixtures.ts'
import { openPage } from './open-page.ts'
import { USER_AGENTS } from './user-agents.ts'

const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=app.storyreel.android'
const NOW = new Date('2025-05-01T10:00:00Z').getTime()
const HOUR = 60 * 60 * 1000

const banner = (page: Page) => page.getByRole('complementary', { name: 'StoryReel for Android' })

async function hiddenAgo(page: Page, ms: number) {
  await page.addInitScript(
    (hiddenAt) =>
      localStorage.setItem(
        'storyreel',
        JSON.stringify({ analyticsConsent: 'denied', lastTimeHideAndroidBanner: hiddenAt }),
      ),
    NOW - ms,
  )
}

test.describe('the Android banner on Android', () => {
  test.use({ userAgent: USER_AGENTS.android, viewport: { width: 390, height: 800 } })

  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: NOW })
    // The banner waits for the consent question to be answered; these tests answer it up front.
    await page.addInitScript(() => {
      const stored = JSON.parse(localStorage.getItem('storyreel') ?? '{}') as Record<string, unknown>
      if (!stored.analyticsConsent)
        localStorage.setItem('storyreel', JSON.stringify({ ...stored, analyticsConsent: 'denied' }))
    })
  })

  test('waits until the consent question is answered', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('consent-cleared')) {
        sessionStorage.setItem('consent-cleared', '1')
        localStorage.removeItem('storyreel')
      }
    })
    await openPage(page, '/features')
    await expect(banner(page)).toHaveCount(0)
    await page.getByRole('button', { name: 'Decline' }).click()
    await expect(banner(page)).toBeVisible()
  })

  test('shows the app with a download button, and is not in the prerendered page', async ({ page, request }) => {
    const html = await (await request.get('/features', { headers: { 'user-agent': USER_AGENTS.android } })).text()
    expect(html).not.toContain('StoryReel for Android')

    await openPage(page, '/features')
    await expect(banner(page)).toBeVisible()
    await expect(banner(page)).toContainText('StoryReel - AI Video Generator')
    await expect(banner(page)).toContainText('AI Story Creator & Movie Maker')
    await expect(banner(page).getByRole('link', { name: 'Download' })).toHaveAttribute('href', PLAY_STORE_URL)
  })

  test('download opens the Play Store, records download_app and hides the banner for 24 hours', async ({
    page,
    context,
  }) => {
    await context.route('https://play.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Google Play</title>' }),
    )
    await page.addInitScript(() => {
      const stored = JSON.parse(localStorage.getItem('storyreel') ?? '{}') as Record<string, unknown>
      if (!stored.lastTimeHideAndroidBanner)
        localStorage.setItem('storyreel', JSON.stringify({ ...stored, analyticsConsent: 'granted' }))
    })
    await openPage(page, '/')
    await page.clock.pauseAt(NOW + HOUR)
    const storePage = page.waitForEvent('popup')
    await banner(page).getByRole('link', { name: 'Download' }).click()
    await (await storePage).waitForURL(PLAY_STORE_URL)
    await page.clock.runFor(100)
    await expect(banner(page)).toBeHidden()
    const stored = await readStorage(page)
    expect(stored.lastTimeHideAndroidBanner).toBe(NOW + HOUR)
    const events = await page.evaluate(() =>
      ((window as { dataLayer?: object[] }).dataLayer ?? []).filter((entry) => 'event' in entry),
    )
    expect(events.filter((entry) => (entry as { event: string }).event === 'download_app')).toEqual([
      { event: 'download_app', store: 'google_play', source: 'android_banner' },
    ])
  })

  test('the close button hides it and records when', async ({ page }) => {
    await openPage(page, '/pricing')
    await page.clock.pauseAt(NOW + HOUR)
    await banner(page).getByRole('button', { name: 'Close the app banner' }).click()
    await expect(banner(page)).toBeHidden()
    expect((await readStorage(page)).lastTimeHideAndroidBanner).toBe(NOW + HOUR)
  })

  test('stays hidden when it was hidden less than 24 hours ago', async ({ page }) => {
    await hiddenAgo(page, 23 * HOUR + 59 * 60_000)
    await openPage(page, '/')
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(banner(page)).toBeHidden()
  })

  test('shows again once it was hidden more than 24 hours ago', async ({ page }) => {
    await hiddenAgo(page, 24 * HOUR + 60_000)
    await openPage(page, '/')
    await expect(banner(page)).toBeVisible()
  })

  test('comes back when the same page is opened more than 24 hours after closing it', async ({ page }) => {
    await openPage(page, '/')
    await banner(page).getByRole('button', { name: 'Close the app banner' }).click()
    await expect(banner(page)).toBeHidden()
    await page.clock.fastForward('23:00:00')
    await page.reload()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(banner(page)).toBeHidden()
    await page.clock.fastForward('01:00:01')
    await page.reload()
    await expect(banner(page)).toBeVisible()
  })
})

for (const [device, userAgent] of [
  ['an iPhone', USER_AGENTS.iphone],
  ['a desktop browser', undefined],
] as const) {
  test.describe(`the Android banner on ${device}`, () => {
    test.use(userAgent ? { userAgent } : {})

    test('never shows', async ({ page }) => {
      await openPage(page, '/')
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await expect(banner(page)).toBeHidden()
    })
  })
}
