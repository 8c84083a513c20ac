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
      const uploaded = uploads.getByRole('listitem')
      await expect(uploaded.filter({ hasText: 'Shop front.jpg' })).toContainText('Added to your library')
      await expect(uploaded.filter({ hasText: 'notes.jpg' })).toContainText(
        /This file is not a photo, clip or sound we can use/,
      )

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

      await card.getByRole('button', { name: 'Preview Shop front.jpg' }).click()
      const preview = page.getByRole('dialog', { name: 'Shop front.jpg' })
      await expect(preview.getByRole('img', { name: 'Shop front.jpg' })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(preview).toBeHidden()

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

/** A WAV file of `seconds` of a quiet tone: valid audio of a known size, made in the test. */
function makeWav(seconds: number): Buffer {
  const rate = 8000
  const samples = Buffer.alloc(rate * seconds * 2)
  for (let index = 0; index < rate * seconds; index += 1) {
    samples.writeInt16LE(Math.round(Math.sin((index / rate) * 2 * Math.PI * 220) * 3000), index * 2)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, samples])
}

test('a slow upload shows its progress and can be canceled, and a track is prepared for use', async ({
  page,
  request,
}) => {
  await signInAs(page, await createUser(request))
  await page.goto('/app/library')
  await expect(page.getByText('Your library is empty.')).toBeVisible()
  // Chromium's own network emulation: 80 KB a second up, so a 320 KB file takes a few seconds.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 80_000,
  })
  const track = { name: 'Shop jingle.wav', mimeType: 'audio/wav', buffer: makeWav(20) }
  // The one canceled is three times as long, so a busy machine's late click still comes long before its end
  // (an upload whose last byte has arrived is the server's, and shows in the library).
  await page.getByLabel('Choose files to upload').setInputFiles([{ ...track, buffer: makeWav(60) }])
  const progress = page.getByRole('progressbar', { name: 'Upload of Shop jingle.wav' })
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100)
  await page.getByRole('button', { name: 'Cancel the upload of Shop jingle.wav' }).click()
  await expect(page.getByRole('region', { name: 'Upload' }).getByRole('listitem')).toContainText('Canceled')

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await page.getByLabel('Choose files to upload').setInputFiles([track])
  const card = page
    .getByRole('list', { name: 'Your files' })
    .getByRole('listitem')
    .filter({ hasText: 'Shop jingle.wav' })
  await expect(card).toContainText('Track')
  // Converted by the render worker, then ready with its length.
  await expect(card).toContainText('0:20', { timeout: 20_000 })
  await expect(card.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 })
  await expect(page.getByText('Your library is empty.')).toHaveCount(0)
})
