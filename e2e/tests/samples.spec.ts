import { expect, test } from '@playwright/test'

import { openPage } from './open-page.ts'

test.describe('sample videos', () => {
  for (const path of ['/', '/features']) {
    test(`${path} shows rendered samples that load and play muted from their play buttons, with captions`, async ({
      page,
    }) => {
      await openPage(page, path)
      const videos = page.locator('main video')
      expect(await videos.count()).toBeGreaterThanOrEqual(3)
      for (const video of await videos.all()) {
        // No media controls until a sample is played: the play button stands in for them.
        await expect(video).not.toHaveAttribute('controls')
        await expect(video).toHaveAttribute('preload', 'none')
        await expect(video).not.toHaveAttribute('autoplay')
        expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true)
        await expect(video.locator('track[kind="captions"]')).toHaveAttribute('src', /\.vtt$/)
        const source = (await video.locator('source').getAttribute('src')) ?? ''
        expect(source).toMatch(/^\/assets\/.+\.mp4$/)
      }
      await expect(page.locator('main [data-sample-video] button[data-sample-play]')).toHaveCount(await videos.count())

      // Posters arrive as a player nears the viewport; the file answers byte ranges for seeking.
      const last = videos.last()
      await last.scrollIntoViewIfNeeded()
      await expect(last).toHaveAttribute('poster', /\.webp$/)
      const source = (await last.locator('source').getAttribute('src')) ?? ''
      const range = await page.request.get(source, { headers: { range: 'bytes=0-99' } })
      expect(range.status()).toBe(206)
      expect(range.headers()['content-type']).toBe('video/mp4')

      // From the keyboard: the play button starts the sample, which then shows its controls and has the focus.
      const first = page.locator('main [data-sample-video]').first()
      const play = first.getByRole('button', { name: /^Play “.+”, \d+:\d\d, muted$/ })
      await play.focus()
      await page.keyboard.press('Enter')
      const video = first.locator('video')
      await expect(video).toHaveAttribute('controls', '')
      await expect(play).toBeHidden()
      await expect(video).toBeFocused()
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
        .toBeGreaterThan(0.2)
      expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true)
    })
  }

  test("a sample plays from its button before any of the site's modules has run", async ({ page }) => {
    // No module loads, so nothing hydrates: only the page's inline head script can play it.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/')
    const player = page.locator('main [data-sample-video]').first()
    await player.getByRole('button', { name: /^Play “/ }).click()
    const video = player.locator('video')
    await expect(video).toHaveAttribute('controls', '')
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2)
    expect(await page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(false)
  })

  test('a voice sample plays from its button, one at a time', async ({ page }) => {
    await openPage(page, '/features')
    const samples = page.getByTestId('voice-samples').locator('[data-voice-sample]')
    expect(await samples.count()).toBeGreaterThanOrEqual(3)
    const [ryan, sarah] = [samples.nth(0), samples.nth(1)]
    await ryan.getByRole('button', { name: /^Play Ryan/ }).click()
    await expect(ryan).toHaveAttribute('data-playing', '')
    await expect(ryan.getByRole('button', { name: /^Pause Ryan/ })).toBeVisible()
    await sarah.getByRole('button', { name: /^Play Sarah/ }).click()
    await expect(sarah).toHaveAttribute('data-playing', '')
    await expect(ryan).not.toHaveAttribute('data-playing')
  })
})

test.describe('calls to action and testimonials', () => {
  test('the home page offers the browser studio beside the store badges', async ({ page }) => {
    await openPage(page, '/')
    const hero = page.locator('main section').first()
    await expect(hero.getByRole('link', { name: 'Make a video free in your browser' })).toHaveAttribute(
      'href',
      '/auth/register',
    )
    await expect(hero.getByRole('link', { name: /App Store/ })).toBeVisible()
  })

  test('every "Make a video free in your browser" stays inside its column on a phone', async ({ page }) => {
    const pages = ['/', '/features', '/testimonials', '/pricing', '/blog/what-makes-an-ai-voiceover-sound-human']
    for (const width of [360, 375, 390, 430]) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of pages) {
        await page.goto(path)
        await page.addStyleTag({ content: '.render-lazy { content-visibility: visible !important; }' })
        // The link against the content box of the block that lays it out (a hero column, a card).
        const overflows = await page
          .getByRole('link', { name: 'Make a video free in your browser' })
          .evaluateAll((links) =>
            links.flatMap((link) => {
              const block = link.parentElement?.parentElement
              if (!block) return []
              const style = getComputedStyle(block)
              const box = block.getBoundingClientRect()
              const left = box.left + Number.parseFloat(style.paddingLeft)
              const right = Math.min(box.right - Number.parseFloat(style.paddingRight), window.innerWidth)
              const own = link.getBoundingClientRect()
              return own.left < left - 0.5 || own.right > right + 0.5
                ? [`${Math.round(own.left)}-${Math.round(own.right)} px in ${Math.round(left)}-${Math.round(right)} px`]
                : []
            }),
          )
        expect(overflows, `${path} at ${width} px`).toEqual([])
      }
    }
  })

  for (const path of ['/', '/testimonials']) {
    test(`${path} labels its testimonials as illustrative, not customer reviews`, async ({ page }) => {
      await openPage(page, path)
      const quotes = page.locator('main figure blockquote')
      expect(await quotes.count()).toBeGreaterThanOrEqual(3)
      await expect(page.getByTestId('illustrative-note')).toContainText('Illustrative examples, not customer reviews')
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
      expect(blocks.join('')).not.toMatch(/"Review"|AggregateRating/)
    })
  }
})
