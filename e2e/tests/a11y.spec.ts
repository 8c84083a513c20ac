import { expect, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe-check.ts'
import { BLOG_SLUGS } from './site-data.ts'
import { openPage } from './open-page.ts'
import { USER_AGENTS } from './user-agents.ts'

const PAGE_TYPES = [
  '/',
  '/features',
  '/testimonials',
  '/pricing',
  '/ambassador',
  '/privacy',
  '/confirm',
  '/developers',
  `/blog/${BLOG_SLUGS[0]}`,
  '/no-such-page',
]

for (const mode of ['dark', 'light'] as const) {
  test.describe(`accessibility in ${mode} mode`, () => {
    for (const path of PAGE_TYPES) {
      test(`axe finds no WCAG 2.2 AA violations on ${path}`, async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
        await openPage(page, path)
        await page.waitForLoadState('networkidle')
        await expectNoAxeViolations(page)
      })
    }
  })
}

for (const mode of ['dark', 'light'] as const) {
  test.describe(`accessibility of the growth features in ${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('displayMode', value), mode)
    })

    test('the Free Week popup, and the header gift once it is closed', async ({ page }) => {
      await openPage(page, '/pricing?referral=FREEWEEK')
      const popup = page.getByRole('dialog', { name: 'Free Week of StoryReel!' })
      await expect(popup).toBeVisible()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('banner').getByRole('button', { name: /^Free Week offer/ })).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test.describe('on Android', () => {
      test.use({ userAgent: USER_AGENTS.android, viewport: { width: 390, height: 800 } })

      test('the app banner', async ({ page }) => {
        // The banner waits for the consent question; answer it first.
        await page.addInitScript(() =>
          localStorage.setItem('storyreel', JSON.stringify({ analyticsConsent: 'denied' })),
        )
        await openPage(page, '/')
        await expect(page.getByRole('complementary', { name: 'StoryReel for Android' })).toBeVisible()
        await expectNoAxeViolations(page)
      })
    })
  })
}

test.describe('keyboard', () => {
  test('reaches the skip link first and every header link with a visible focus ring', async ({ page }) => {
    await openPage(page, '/')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    const focused: string[] = []
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab')
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        const style = getComputedStyle(el)
        return { text: el.textContent?.trim() ?? '', outline: style.outlineStyle, width: style.outlineWidth }
      })
      expect(info.outline, info.text).not.toBe('none')
      focused.push(info.text)
    }
    for (const name of ['Features', 'Testimonials', 'Pricing', 'Become Ambassador']) expect(focused).toContain(name)
  })

  test('the skip link moves focus to the main content', async ({ page }) => {
    await openPage(page, '/pricing')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/pricing#main')
  })
})
