import { expect, test } from '@playwright/test'

import { BLOG_SLUGS, CATEGORIES, STEP_BY_STEP_SLUG } from './site-data.ts'
import { openPage } from './open-page.ts'

const articleLinks = '#main article h3 a'

test.describe('/blog', () => {
  test('lists every article by category, with a cover each', async ({ page }) => {
    const response = await openPage(page, '/blog')
    expect(response?.status()).toBe(200)
    await expect(page.locator(articleLinks)).toHaveCount(BLOG_SLUGS.length)
    for (const category of CATEGORIES) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${category}`) })).toBeVisible()
    }
    const cover = page.locator('#main article img').first()
    const coverResponse = await page.request.get((await cover.getAttribute('src')) ?? '')
    expect(coverResponse.headers()['content-type']).toBe('image/svg+xml')
  })

  test('filters by category and searches as you type, keeping both in the address', async ({ page }) => {
    await openPage(page, '/blog')
    const filters = page.getByRole('navigation', { name: 'Categories' })
    await filters.getByRole('link', { name: /^Product/ }).click()
    await expect(page).toHaveURL(/\?category=product$/)
    await expect(filters.getByRole('link', { name: /^Product/ })).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('heading', { level: 2, name: /^How to/ })).toHaveCount(0)
    const inProduct = await page.locator(articleLinks).count()
    expect(inProduct).toBeGreaterThan(3)
    expect(inProduct).toBeLessThan(BLOG_SLUGS.length)

    await page.getByRole('searchbox', { name: 'Search articles' }).fill('redeem')
    await expect(page.getByRole('status')).toHaveText('1 article matches “redeem” in Product')
    await expect(page.locator(articleLinks)).toHaveText(['Free Week: How to Try StoryReel Premium'])
    await expect(page).toHaveURL(/category=product&q=redeem$/)

    await page.getByRole('searchbox', { name: 'Search articles' }).fill('zebra quantum')
    await expect(page.getByText('No article matches that yet.')).toBeVisible()
    await page.getByRole('button', { name: 'Show all articles' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.locator(articleLinks)).toHaveCount(BLOG_SLUGS.length)
  })

  test('keeps each choice made while the address is still catching up, on a slow phone', async ({ page }) => {
    // Every step below runs on a CPU slowed twentyfold, and on a CI machine already busy with the other worker
    // the whole walk has taken longer than the default 30 s while every check in it held.
    test.setTimeout(120_000)
    // What is checked is that no choice is lost, not how fast the address follows: slowed fortyfold on a busy
    // machine, every address landed, the slowest 12.7 s after the words were typed (the default wait is 7 s).
    const landed = { timeout: 30_000 }
    await openPage(page, '/blog')
    // A slow phone: React renders the router's address changes in a transition, which then lags behind the
    // box and the filters by more than the box's 300 ms wait.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
    const filters = page.getByRole('navigation', { name: 'Categories' })
    const search = page.getByRole('searchbox', { name: 'Search articles' })
    // Words typed right after choosing a category, before its address has landed, keep the category.
    await filters.getByRole('link', { name: /^Product/ }).click()
    await search.fill('redeem')
    await expect(page).toHaveURL(/\?category=product&q=redeem$/, landed)
    await expect(page.getByRole('status')).toHaveText('1 article matches “redeem” in Product')

    // "Show all articles" clears both, and the box's own sync does not bring either back.
    await search.fill('zebra quantum')
    await expect(page).toHaveURL(/q=zebra\+quantum$/, landed)
    await page.getByRole('button', { name: 'Show all articles' }).click()
    await expect(search).toHaveValue('')
    await expect(page).toHaveURL(/\/blog$/, landed)
    await expect(page.locator(articleLinks)).toHaveCount(BLOG_SLUGS.length)
    await expect(filters.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'true')
    // Past the box's 300 ms sync, with time to spare on a throttled CPU, the address is still clear.
    await page.waitForTimeout(1500)
    await expect(page).toHaveURL(/\/blog$/)
  })

  test('follows the address back and forward through the categories chosen', async ({ page }) => {
    await openPage(page, '/blog')
    const filters = page.getByRole('navigation', { name: 'Categories' })
    const search = page.getByRole('searchbox', { name: 'Search articles' })
    await filters.getByRole('link', { name: /^Product/ }).click()
    await expect(page).toHaveURL(/\?category=product$/)
    await search.fill('redeem')
    await expect(page).toHaveURL(/\?category=product&q=redeem$/)
    // The words replaced the address's entry; the category was an entry of its own.
    await page.goBack()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(filters.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'true')
    await expect(search).toHaveValue('')
    await expect(page.locator(articleLinks)).toHaveCount(BLOG_SLUGS.length)
    await page.goForward()
    await expect(page).toHaveURL(/\?category=product&q=redeem$/)
    await expect(search).toHaveValue('redeem')
    await expect(page.getByRole('status')).toHaveText('1 article matches “redeem” in Product')
  })

  test('a shared filtered address opens filtered', async ({ page }) => {
    await openPage(page, '/blog?category=extensive-music-library&q=tempo')
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('tempo')
    await expect(page.locator(articleLinks)).toHaveText(['How Tempo Shapes the Pacing of Your Video'])
  })

  test('a loaded category address with its section anchor shows that section once filtered, on a phone', async ({
    page,
  }) => {
    // The blog index's "All 14 articles" links, followed before the page they are on has hydrated.
    await page.setViewportSize({ width: 390, height: 844 })
    await openPage(page, '/blog?category=product#category-product')
    await expect(page.getByText('14 articles in Product', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Product/, level: 2 })).toBeInViewport()
  })

  test('is useful without JavaScript: every article, and category links that jump to their section', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/blog')
    await expect(page.locator(articleLinks)).toHaveCount(BLOG_SLUGS.length)
    const filters = page.getByRole('navigation', { name: 'Categories' })
    await expect(filters.getByRole('link', { name: /^Tutorials & Guides/ })).toHaveAttribute(
      'href',
      '?category=tutorials-guides#category-tutorials-guides',
    )
    await context.close()
  })
})

test('an article shows its cover and the StoryReel team as author', async ({ page }) => {
  await openPage(page, `/blog/${STEP_BY_STEP_SLUG}`)
  const article = page.getByRole('article').first()
  await expect(article.getByText('By the StoryReel team')).toBeVisible()
  const cover = article.locator(`img[src="/blog/covers/${STEP_BY_STEP_SLUG}.svg"]`)
  await expect(cover).toBeVisible()
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})
