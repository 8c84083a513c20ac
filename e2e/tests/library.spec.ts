import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { createUser, signInAs } from './auth-fixtures.ts'

/** A 4 × 3 JPEG in one warm colour, enough for the library to read and thumbnail. */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAXUt/9k=',
  'base64',
)

let dir: string
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-library-e2e-'))
  await writeFile(path.join(dir, 'Shop front.jpg'), TINY_JPEG)
  await writeFile(path.join(dir, 'notes.jpg'), 'These are notes, not a photo.\n'.repeat(40))
})
test.afterAll(() => rm(dir, { recursive: true, force: true }))

for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const) {
  test.describe(`the media library on a ${name}`, () => {
    test.use({ viewport })

    test('uploads through the file chooser, shows the photo and its details, and refuses a disguised file', async ({
      page,
      request,
    }) => {
      await signInAs(page, await createUser(request))
      await page.goto('/app/library')
      await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible()
      await expect(page.getByText('Your library is empty.')).toBeVisible()
      await expect(page.getByText(/0 B used/)).toBeVisible()

      await page
        .getByLabel('Choose files to upload')
        .setInputFiles([path.join(dir, 'Shop front.jpg'), path.join(dir, 'notes.jpg')])
      const uploads = page.getByRole('region', { name: 'Upload' })
      await expect(uploads.getByText('Added to your library')).toBeVisible()
      await expect(uploads.getByText(/This file is not a photo, clip or sound we can use/)).toBeVisible()

      const files = page.getByRole('list', { name: 'Your files' })
      const card = files.getByRole('listitem').filter({ hasText: 'Shop front.jpg' })
      await expect(card).toBeVisible()
      await expect(card).toContainText('4 × 3')
      await expect(card).toContainText('Photo')
      await expect(files.getByRole('listitem')).toHaveCount(1)
      // The thumbnail is a picture the browser could load.
      await expect
        .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

      await card.getByRole('button', { name: 'Rename Shop front.jpg' }).click()
      await card.getByLabel('Name of Shop front.jpg').fill('Our shop')
      await card.getByLabel('Name of Shop front.jpg').press('Enter')
      const renamed = files.getByRole('listitem').filter({ hasText: 'Our shop' })
      await expect(renamed).toBeVisible()

      await renamed.getByRole('button', { name: 'Delete Our shop' }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete “Our shop”?' })
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await expect(page.getByText('Your library is empty.')).toBeVisible()
    })
  })
}
