import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, test, type Page } from '@playwright/test'

import { E2E_BUILD_ENV } from '../support/stand-ins-config.ts'
import { createUser, PASSWORD, readStorage, signInAs, uniqueEmail } from './auth-fixtures.ts'
import { expectNoAxeViolations } from './axe-check.ts'
import { openPage } from './open-page.ts'

const GTM_ID = E2E_BUILD_ENV.VITE_GTM_ID
const GTM_URL = `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`
const BANNER = { name: 'Analytics, only if you say so' }
const SITE_CONFIG = path.resolve(import.meta.dirname, '../../apps/web/build/site-config.json')

/**
 * Stands in for gtm.js (nothing may leave this machine): it notes that it ran and what the dataLayer held
 * at that moment, so the tests can check that Consent Mode came first.
 */
const GTM_STAND_IN = `
  window.__gtm = {
    runs: ((window.__gtm && window.__gtm.runs) || 0) + 1,
    queued: (window.dataLayer || []).map(function (entry) {
      return Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.prototype.slice.call(entry) : entry
    }),
  }
`

type DataLayerEntry = unknown[] | Record<string, unknown>

/** The page's dataLayer with gtag() commands (Arguments objects) as arrays; undefined when there is none. */
function readDataLayer(page: Page): Promise<DataLayerEntry[] | undefined> {
  return page.evaluate(() =>
    (window as unknown as { dataLayer?: unknown[] }).dataLayer?.map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? Array.from(entry as IArguments)
        : (entry as Record<string, unknown>),
    ),
  )
}

async function readEvents(page: Page): Promise<string[]> {
  const layer = (await readDataLayer(page)) ?? []
  return layer.flatMap((entry) => (!Array.isArray(entry) && typeof entry.event === 'string' ? [entry.event] : []))
}

function readStandIn(page: Page) {
  return page.evaluate(() => (window as unknown as { __gtm?: { runs: number; queued: unknown[] } }).__gtm)
}

/** Every request this page makes to Google, and gtm.js answered by the stand-in. */
async function watchGoogle(page: Page): Promise<string[]> {
  const requests: string[] = []
  page.on('request', (request) => {
    if (/googletagmanager\.com|google-analytics\.com|analytics\.google\.com/.test(request.url())) {
      requests.push(request.url())
    }
  })
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GTM_STAND_IN }),
  )
  return requests
}

test.beforeAll(() => {
  // The browser tests need a build with a container id; `npm test` makes one (scripts/test.ts).
  const gtmId = existsSync(SITE_CONFIG)
    ? (JSON.parse(readFileSync(SITE_CONFIG, 'utf8')) as { gtmId?: unknown }).gtmId
    : null
  if (gtmId !== GTM_ID) {
    throw new Error(
      `The web build has Tag Manager id ${JSON.stringify(gtmId)}, not ${GTM_ID}. Build it as npm test does: ` +
        `VITE_GTM_ID=${GTM_ID} npm run build`,
    )
  }
})

test.describe('analytics consent', () => {
  test('nothing loads before consent, on any page', async ({ page }) => {
    const google = await watchGoogle(page)
    const response = await openPage(page, '/')
    // The build has a container, so the CSP is ready for it; the page still asks first.
    expect(response?.headers()['content-security-policy']).toContain('https://www.googletagmanager.com')
    await expect(page.getByRole('region', BANNER)).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL('/pricing')
    await openPage(page, '/features')
    await page.waitForLoadState('networkidle')
    expect(google).toEqual([])
    expect(await readDataLayer(page)).toBeUndefined()
    expect(await readStandIn(page)).toBeUndefined()
  })

  test('accepting loads Tag Manager there and then, with Consent Mode defaults denied first', async ({ page }) => {
    const google = await watchGoogle(page)
    await openPage(page, '/')
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Accept all' }).click()
    await expect(page.getByRole('region', BANNER)).toBeHidden()
    await expect.poll(() => google).toEqual([GTM_URL])
    await expect.poll(() => readStandIn(page)).toMatchObject({ runs: 1 })
    const standIn = await readStandIn(page)
    expect(standIn?.queued).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
          wait_for_update: 500,
        },
      ],
      ['consent', 'update', { analytics_storage: 'granted' }],
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
    ])
    expect(await readStorage(page)).toMatchObject({ analyticsConsent: 'granted' })

    // The next visit loads it without asking again.
    await openPage(page, '/pricing')
    await expect.poll(() => readStandIn(page)).toMatchObject({ runs: 1 })
    await expect(page.getByRole('region', BANNER)).toBeHidden()
    expect(google).toEqual([GTM_URL, GTM_URL])
  })

  test('after a decline nothing loads, and enabling analytics later loads Tag Manager without a reload', async ({
    page,
  }) => {
    const google = await watchGoogle(page)
    await openPage(page, '/')
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Decline' }).click()
    await expect(page.getByRole('region', BANNER)).toBeHidden()
    expect(await readStorage(page)).toMatchObject({ analyticsConsent: 'denied' })

    await openPage(page, '/testimonials')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('region', BANNER)).toBeHidden()
    expect(google).toEqual([])

    await page.evaluate(() => Object.assign(window, { __samePage: true }))
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Cookie settings' })
    await expect(settings).toBeVisible()
    const analytics = settings.getByRole('switch', { name: 'Analytics' })
    await expect(analytics).not.toBeChecked()
    await analytics.check()
    await settings.getByRole('button', { name: 'Save choices' }).click()
    await expect(settings).toBeHidden()

    await expect.poll(() => google).toEqual([GTM_URL])
    await expect.poll(() => readStandIn(page)).toMatchObject({ runs: 1 })
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
    expect(await readStorage(page)).toMatchObject({ analyticsConsent: 'granted' })
  })

  test('events reach the dataLayer only with consent', async ({ page, context, request }) => {
    await context.route('https://apps.apple.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>App Store</title>' }),
    )
    await watchGoogle(page)
    await signInAs(page, await createUser(request))
    await openPage(page, '/pricing')
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Decline' }).click()
    const getTheApp = page.getByRole('banner').getByRole('link', { name: 'Get the app' })
    const firstPopup = page.waitForEvent('popup')
    await getTheApp.click()
    await (await firstPopup).close()
    expect(await readDataLayer(page)).toBeUndefined()

    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Cookie settings' })
    await settings.getByRole('button', { name: 'Accept all' }).click()
    await expect.poll(() => readStandIn(page)).toMatchObject({ runs: 1 })
    const secondPopup = page.waitForEvent('popup')
    await getTheApp.click()
    await (await secondPopup).close()
    expect(await readEvents(page)).toEqual(['gtm.js', 'download_app'])
    expect((await readDataLayer(page))?.at(-1)).toEqual({ event: 'download_app', store: 'app_store', source: 'header' })

    // Withdrawing consent tells Tag Manager at once and stops the events.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click()
    await settings.getByRole('switch', { name: 'Analytics' }).uncheck()
    await settings.getByRole('button', { name: 'Save choices' }).click()
    const thirdPopup = page.waitForEvent('popup')
    await getTheApp.click()
    await (await thirdPopup).close()
    expect(await readEvents(page)).toEqual(['gtm.js', 'download_app'])
    expect((await readDataLayer(page))?.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }])
  })

  test('a sign-up is recorded once analytics is allowed', async ({ page }) => {
    await watchGoogle(page)
    await page.goto('/auth/register')
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Accept all' }).click()
    await page.getByLabel('E-mail').fill(uniqueEmail('consent'))
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL(/\/auth\/confirm$/)
    await expect.poll(() => readEvents(page)).toEqual(['gtm.js', 'sign_up'])
  })

  test('the banner does not come back after a choice made in the settings', async ({ page }) => {
    const google = await watchGoogle(page)
    await openPage(page, '/')
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Choose' }).click()
    const settings = page.getByRole('dialog', { name: 'Cookie settings' })
    await expect(settings.getByRole('switch', { name: 'Analytics' })).not.toBeChecked()
    await settings.getByRole('button', { name: 'Save choices' }).click()
    await expect(page.getByRole('region', BANNER)).toBeHidden()
    for (const path of [
      '/features',
      '/blog/step-by-step-guide-creating-a-cinematic-masterpiece-with-ai-video-generators-and-music',
      '/auth/login',
    ]) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible()
      await expect(page.getByRole('region', BANNER)).toBeHidden()
    }
    expect(google).toEqual([])
    expect(await readStorage(page)).toMatchObject({ analyticsConsent: 'denied' })
  })

  test('cancelling the settings leaves the question open', async ({ page }) => {
    await openPage(page, '/')
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Choose' }).click()
    await page.getByRole('dialog', { name: 'Cookie settings' }).getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('region', BANNER)).toBeVisible()
    expect(await readStorage(page)).not.toHaveProperty('analyticsConsent')
  })
})

test.describe('consent with the keyboard', () => {
  test('the banner is reachable and usable without a mouse, and does not trap focus', async ({ page }) => {
    await watchGoogle(page)
    await openPage(page, '/')
    const banner = page.getByRole('region', BANNER)
    await expect(banner).toBeVisible()
    // Last in the page: one Shift+Tab from the top of the document lands on it.
    await page.locator('body').focus()
    await page.keyboard.press('Shift+Tab')
    await expect(banner.getByRole('button', { name: 'Choose' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(banner.getByRole('button', { name: 'Decline' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(page.locator(':focus')).not.toHaveCount(0)
    expect(await banner.evaluate((element) => element.contains(document.activeElement))).toBe(false)

    await banner.getByRole('button', { name: 'Decline' }).focus()
    await page.keyboard.press('Enter')
    await expect(banner).toBeHidden()
    expect(await readStorage(page)).toMatchObject({ analyticsConsent: 'denied' })
  })

  test('the settings dialog takes focus, switches with Space, closes on Escape and gives focus back', async ({
    page,
  }) => {
    const google = await watchGoogle(page)
    await openPage(page, '/')
    await page.getByRole('region', BANNER).getByRole('button', { name: 'Decline' }).click()
    const opener = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const settings = page.getByRole('dialog', { name: 'Cookie settings' })
    const analytics = settings.getByRole('switch', { name: 'Analytics' })
    await expect(analytics).toBeFocused()
    await page.keyboard.press('Space')
    await expect(analytics).toBeChecked()
    await page.keyboard.press('Escape')
    await expect(settings).toBeHidden()
    await expect(opener).toBeFocused()
    expect(await readStorage(page)).toMatchObject({ analyticsConsent: 'denied' })
    expect(google).toEqual([])

    await page.keyboard.press('Enter')
    await expect(analytics).not.toBeChecked()
    await page.keyboard.press('Space')
    await settings.getByRole('button', { name: 'Save choices' }).focus()
    await page.keyboard.press('Enter')
    await expect(settings).toBeHidden()
    await expect.poll(() => google).toEqual([GTM_URL])
  })
})

for (const mode of ['dark', 'light'] as const) {
  test.describe(`consent accessibility in ${mode} mode`, () => {
    test('axe finds no violations with the banner, or with the settings open', async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
      await openPage(page, '/')
      await expect(page.getByRole('region', BANNER)).toBeVisible()
      await expectNoAxeViolations(page)
      await page.getByRole('region', BANNER).getByRole('button', { name: 'Choose' }).click()
      await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  })
}
