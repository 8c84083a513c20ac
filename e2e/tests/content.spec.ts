import { expect, test, type Page } from '@playwright/test'

import { PLAN_LIMITS } from '@storyreel/contracts/plans'

import { ANIME_MUSIC_SLUG, BLOG_SLUGS, LANDING_PAGES, STEP_BY_STEP_SLUG } from './site-data.ts'
import { openPage } from './open-page.ts'

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>)
}

test.describe('landing pages', () => {
  for (const path of LANDING_PAGES) {
    test(`${path} has one h1, its own title, description, canonical and social tags`, async ({ page }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await openPage(page, path)
      await page.waitForLoadState('networkidle')
      await expect(page.locator('h1')).toHaveCount(1)
      const title = await page.title()
      expect(title).toContain('StoryReel')
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      expect(description?.length ?? 0).toBeGreaterThan(50)
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
      expect(canonical).toBe(`https://storyreel.app${path}`)
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/)
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content')
      const imagePath = new URL(ogImage ?? '').pathname
      const image = await page.request.get(imagePath)
      expect(image.status()).toBe(200)
      expect(image.headers()['content-type']).toBe('image/png')
      expect(errors).toEqual([])
    })
  }

  test('home carries Organization JSON-LD', async ({ page }) => {
    await openPage(page, '/')
    const types = (await jsonLd(page)).map((block) => block['@type'])
    expect(types).toContain('Organization')
  })

  test('pricing shows the plans and the Free Week offer, with Product JSON-LD offers', async ({ page }) => {
    await openPage(page, '/pricing')
    const main = page.getByRole('main')
    for (const plan of ['Free', 'Weekly', 'Monthly', 'Yearly']) await expect(main.getByText(plan).first()).toBeVisible()
    await expect(main.getByText(/Free Week/).first()).toBeVisible()
    const product = (await jsonLd(page)).find((block) => block['@type'] === 'Product')
    expect(Array.isArray(product?.offers) && product.offers.length >= 4).toBe(true)
  })

  test('pricing states the brand kit, the brand font and the templates of your own with the plans’ limits', async ({
    page,
  }) => {
    await openPage(page, '/pricing')
    const free = page.getByRole('article', { name: 'Free' })
    await expect(free.getByText(/^Your brand kit: logo, colours/)).toBeVisible()
    await expect(free.getByText(`${PLAN_LIMITS.free.savedTemplates} templates of your own`)).toBeVisible()
    const premium = page.getByRole('article', { name: 'Premium' })
    await expect(premium.getByText(`${PLAN_LIMITS.paid.savedTemplates} templates of your own`)).toBeVisible()
    await expect(premium.getByText(/font/)).toHaveCount(PLAN_LIMITS.paid.brandFont ? 1 : 0)
  })

  test('features shows the brand kit and templates with a sample made with a kit, from the page’s contents', async ({
    page,
  }) => {
    await openPage(page, '/features')
    await page
      .getByRole('navigation', { name: 'Features on this page' })
      .getByRole('link', { name: 'Brand kit and templates' })
      .click()
    const section = page.locator('#brand-kit')
    await expect(section.getByRole('heading', { level: 2 })).toBeInViewport()
    await expect(section.locator('video source')).toHaveAttribute('src', /^\/assets\/rosas-flowers-[\w-]+\.mp4$/)
    await expect(
      section.getByText(
        `${PLAN_LIMITS.free.savedTemplates} on the Free plan, ${PLAN_LIMITS.paid.savedTemplates} on Premium`,
      ),
    ).toBeVisible()
  })

  test('testimonials show at least 12 people with a role and a rating', async ({ page }) => {
    await openPage(page, '/testimonials')
    const ratings = page.getByRole('main').getByText(/^Rated [1-5] out of 5$/)
    expect(await ratings.count()).toBeGreaterThanOrEqual(12)
  })

  test('the ambassador call to action opens a mail draft to the creators address', async ({ page }) => {
    await openPage(page, '/ambassador')
    const cta = page.getByRole('main').locator('a[href^="mailto:creators@storyreel.app"]').first()
    const href = decodeURIComponent((await cta.getAttribute('href')) ?? '')
    expect(href).toMatch(/channel/i)
    expect(href).toMatch(/how .*use/i)
  })
})

test.describe('blog articles', () => {
  test('there are 70 articles, including the two named ones', () => {
    expect(BLOG_SLUGS).toHaveLength(70)
    expect(BLOG_SLUGS).toContain(ANIME_MUSIC_SLUG)
    expect(BLOG_SLUGS).toContain(STEP_BY_STEP_SLUG)
  })

  test('an article shows title, date, category, reading time, contents, body, related posts and the app call', async ({
    page,
  }) => {
    await openPage(page, `/blog/${STEP_BY_STEP_SLUG}`)
    const article = page.getByRole('article')
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(/Step-by-Step Guide/)
    await expect(article.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)
    await expect(article.getByText('Tutorials & Guides').first()).toBeVisible()
    await expect(article.getByText(/\d+ min read/).first()).toBeVisible()
    const toc = article.getByRole('navigation', { name: 'On this page' })
    const tocLinks = toc.getByRole('link')
    expect(await tocLinks.count()).toBeGreaterThan(3)
    const firstTarget = await tocLinks.first().getAttribute('href')
    await tocLinks.first().click()
    await expect(page.locator(firstTarget ?? '#missing')).toBeInViewport()
    await expect(article.getByRole('heading', { name: 'Keep reading' })).toBeVisible()
    const related = article.getByRole('heading', { name: 'Keep reading' }).locator('xpath=..').getByRole('link')
    await expect(related).toHaveCount(3)
    await expect(article.getByRole('link', { name: /App Store/ }).first()).toBeVisible()
    const blogPosting = (await jsonLd(page)).find((block) => block['@type'] === 'BlogPosting')
    expect(blogPosting?.headline).toContain('Step-by-Step Guide')
  })

  test('client navigation between articles loads each one from its data file', async ({ page }) => {
    await openPage(page, `/blog/${STEP_BY_STEP_SLUG}`)
    const related = page.getByRole('heading', { name: 'Keep reading' }).locator('xpath=..').getByRole('link').first()
    const title = (await related.textContent()) ?? ''
    const requests: Array<{ type: string; url: string }> = []
    page.on('request', (request) => requests.push({ type: request.resourceType(), url: request.url() }))
    await related.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    expect(requests.filter((request) => request.type === 'document')).toEqual([])
    expect(requests.some((request) => /\/blog\/[a-z0-9-]+\.data/.test(request.url))).toBe(true)
  })
})

test.describe('hydration', () => {
  test('every page type becomes interactive without script errors', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      // A 404 document logs its own status; anything else (hydration mismatches included) is a failure.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text())
    })
    for (const path of [
      '/',
      '/pricing',
      '/privacy',
      `/blog/${BLOG_SLUGS[0]}`,
      `/blog/${STEP_BY_STEP_SLUG}`,
      '/auth/login',
      '/nope',
    ]) {
      await openPage(page, path)
    }
    expect(errors).toEqual([])
  })
})
