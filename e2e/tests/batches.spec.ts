import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'

import { getAdminToken } from './admin-fixtures.ts'
import { createUser, signInAs } from './auth-fixtures.ts'
import { expectNoAxeViolations } from './axe-check.ts'

/**
 * A batch from a CSV as a person makes one: the file chosen on the page, its rows previewed with a bad one
 * named, a fixed file sent, and the batch page listing every row. Renders are not waited for; the API's tests
 * follow a batch to its ZIP.
 */

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8')

const FIVE_ROWS = [
  'title,script,prompt,ratio,style',
  'Croissants,"Fresh croissants every morning.\n\nTwenty percent off this week.",,9:16,',
  'Sourdough,Our sourdough rests for two days before it is baked.,,1:1,watercolor',
  'Opening hours,We open at eight every day of the week.,,,',
  'The team,Three bakers start at four so the shelves are full at eight.,,16:9,',
  'Cakes,,Birthday cakes made to order in two days,,anime',
]

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

async function makePaid(request: APIRequestContext, user: AuthenticatedUser) {
  const token = await getAdminToken(request)
  const patched = await request.patch(`/admin/users/${user.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { plan: 'paid' },
  })
  expect(patched.status()).toBe(200)
}

test.describe('batches on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('previews a CSV with a bad row named, sends a fixed one and lists its five rows', async ({ page, request }) => {
    test.setTimeout(60_000)
    const user = await createUser(request)
    await makePaid(request, user)
    await signInAs(page, user)
    await page.goto('/app/batches')
    await expect(page.getByText('No batches yet.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Download an example CSV' })).toHaveAttribute('download', /\.csv$/u)
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Batches' }).click()
    await page.getByRole('link', { name: 'New batch' }).click()
    await expect(page).toHaveURL(/\/app\/batches\/new$/u)

    const chooser = page.getByLabel('CSV file to preview')
    await chooser.setInputFiles({
      name: 'bakery.csv',
      mimeType: 'text/csv',
      buffer: csv([...FIVE_ROWS.slice(0, 4), 'Lost,,,,', 'Who,Hello there.,,,', 'Shape,A script.,,4:3,']),
    })
    const table = page.getByRole('table', { name: 'The rows of the CSV' })
    await expect(table.getByRole('row', { name: /^Row \d/u })).toHaveCount(6)
    await expect(page.getByText(/^Rows 4, 6 need fixing/u)).toBeVisible()
    await expect(table.getByRole('row', { name: 'Row 4, needs fixing' })).toContainText('fill in prompt or script')
    await expect(table.getByRole('row', { name: 'Row 6, needs fixing' })).toContainText('ratio')
    await expect(page.getByRole('button', { name: 'Make 6 videos' })).toHaveAttribute('aria-disabled', 'true')
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)

    await chooser.setInputFiles({ name: 'bakery-fixed.csv', mimeType: 'text/csv', buffer: csv(FIVE_ROWS) })
    await expect(table.getByRole('row', { name: /^Row \d$/u })).toHaveCount(5)
    await expect(page.getByText(/^5 videos; \d+ renders left today$/u)).toBeVisible()
    await page.getByLabel('Batch name (optional)').fill('Bakery week')
    const submit = page.getByRole('button', { name: 'Make 5 videos' })
    await expect(submit).toHaveAttribute('aria-disabled', 'false')
    await submit.click()

    await expect(page).toHaveURL(/\/app\/batches\/[0-9a-f-]{36}$/u, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1, name: 'Bakery week' })).toBeVisible()
    const rows = page.getByRole('list', { name: 'Videos of this batch' }).getByRole('listitem')
    await expect(rows).toHaveCount(5)
    await expect(rows.first()).toContainText('Croissants')
    await expect(rows.nth(4)).toContainText('Cakes')
    await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible()
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)

    await page.getByRole('link', { name: 'All batches' }).click()
    await expect(
      page.getByRole('list', { name: 'Your batches' }).getByRole('link', { name: /Bakery week/u }),
    ).toBeVisible()
  })
})

test.describe('batches on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('holds back a batch larger than the free plan’s renders left today', async ({ page, request }) => {
    await signInAs(page, await createUser(request))
    await page.goto('/app/batches/new')
    await page.getByLabel('CSV file to preview').setInputFiles({
      name: 'bakery.csv',
      mimeType: 'text/csv',
      buffer: csv(FIVE_ROWS),
    })
    await expect(
      page.getByText(/^This batch has 5 videos and you have 3 renders left today\. Remove 2 rows/u),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Make 5 videos' })).toHaveAttribute('aria-disabled', 'true')
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
  })
})
