import { expect, test } from '@playwright/test'
import { openPage } from './open-page.ts'

const isDark = () => document.documentElement.classList.contains('dark')

test.describe('display mode', () => {
  test('is dark by default', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openPage(page, '/')
    expect(await page.evaluate(isDark)).toBe(true)
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  })

  test('a chosen mode persists across reloads and pages', async ({ page }) => {
    await openPage(page, '/')
    await page.getByText('Light', { exact: true }).click()
    expect(await page.evaluate(isDark)).toBe(false)
    await page.reload()
    expect(await page.evaluate(isDark)).toBe(false)
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked()
    await openPage(page, '/pricing')
    expect(await page.evaluate(isDark)).toBe(false)
  })

  test('is applied before first paint, before any app script runs', async ({ page }) => {
    await openPage(page, '/')
    await page.evaluate(() => localStorage.setItem('displayMode', 'light'))
    // Hold back every module script: only the inline head script can have set the class.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/features', { waitUntil: 'commit' })
    await page.waitForSelector('h1', { state: 'attached' })
    const firstPaint = await page.evaluate(() => ({
      dark: document.documentElement.classList.contains('dark'),
      hydrated: Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules),
    }))
    expect(firstPaint).toEqual({ dark: false, hydrated: false })
  })

  test('auto follows the system preference, live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openPage(page, '/')
    await page.getByText('Auto', { exact: true }).click()
    expect(await page.evaluate(isDark)).toBe(false)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => page.evaluate(isDark)).toBe(true)
    await page.reload()
    expect(await page.evaluate(isDark)).toBe(true)
    await expect(page.getByRole('radio', { name: 'Auto' })).toBeChecked()
  })

  test('can be chosen with the keyboard', async ({ page }) => {
    await openPage(page, '/')
    await page.getByRole('radio', { name: 'Dark' }).focus()
    await page.keyboard.press('ArrowLeft')
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked()
    expect(await page.evaluate(isDark)).toBe(false)
  })
})

test.describe('viewport cookie', () => {
  test('keeps the current breakpoint for a year, strict and secure', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await openPage(page, '/')
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'viewport')?.value)
      .toBe('mobileMedium')
    const cookie = (await context.cookies()).find((c) => c.name === 'viewport')
    expect(cookie?.sameSite).toBe('Strict')
    expect(cookie?.secure).toBe(true)
    expect(cookie?.path).toBe('/')
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(365)
    await page.setViewportSize({ width: 1300, height: 800 })
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'viewport')?.value)
      .toBe('desktopMedium')
  })
})
