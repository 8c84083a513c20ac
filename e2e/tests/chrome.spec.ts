import { expect, test, type Locator, type Page } from '@playwright/test'

import { CATEGORIES, STEP_BY_STEP_SLUG } from './site-data.ts'
import { openPage } from './open-page.ts'

const NAV = [
  { name: 'Home', path: '/' },
  { name: 'Features', path: '/features' },
  { name: 'Testimonials', path: '/testimonials' },
  { name: 'Pricing', path: '/pricing' },
  { name: 'Become Ambassador', path: '/ambassador' },
]

test.describe('header on desktop', () => {
  test('shows the five links, which navigate, and the app-store icons', async ({ page }) => {
    await openPage(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(NAV.map((item) => item.name))
    for (const item of NAV.slice(1)) {
      await nav.getByRole('link', { name: item.name }).click()
      await expect(page).toHaveURL(item.path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: /App Store \(iOS\)/ })).toHaveAttribute('href', /apps\.apple\.com/)
    await expect(banner.getByRole('link', { name: /Google Play \(Android\)/ })).toHaveAttribute(
      'href',
      /play\.google\.com/,
    )
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  })

  test('the logo shows a 35x35 icon and the title', async ({ page }) => {
    await openPage(page, '/pricing')
    const logo = page.getByRole('banner').getByRole('link', { name: 'StoryReel', exact: true })
    await expect(logo).toContainText('StoryReel')
    const box = await logo.locator('svg').boundingBox()
    expect(box?.width).toBe(35)
    expect(box?.height).toBe(35)
  })

  test('the logo navigates home from any other route', async ({ page }) => {
    await openPage(page, '/pricing')
    await page.getByRole('banner').getByRole('link', { name: 'StoryReel', exact: true }).click()
    await expect(page).toHaveURL('/')
  })

  test('on the home page the logo scrolls smoothly to the top in about 400 ms', async ({ page }) => {
    await openPage(page, '/')
    // Scroll down the way a reader does, so every section on the way has rendered once.
    await page.mouse.move(640, 400)
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 400)
      await page.waitForTimeout(60)
    }
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000)
    const startY = await page.evaluate(() => window.scrollY)
    const samples = await page.evaluate(async () => {
      const logo = document.querySelector<HTMLElement>('header [data-testid="logo"]')
      const points: Array<{ t: number; y: number }> = []
      const start = performance.now()
      logo?.click()
      // Sample on a timer, independent of the animation's own frames.
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const t = performance.now() - start
          points.push({ t, y: window.scrollY })
          if (t > 1000) {
            clearInterval(timer)
            resolve()
          }
        }, 10)
      })
      return { points, url: location.pathname }
    })
    expect(samples.url).toBe('/')
    // Timed from the first frame that moved: on a busy machine that frame may come a little after the click.
    const moved = samples.points.find((p) => p.y < startY)
    expect(moved, 'the page scrolled').toBeDefined()
    const t0 = moved?.t ?? 0
    expect(t0, 'the scroll starts right after the click').toBeLessThan(250)
    // Part-way through, the page is between top and start: animated, not a jump.
    expect(samples.points.some((p) => p.t - t0 < 350 && p.y > 0 && p.y < startY)).toBe(true)
    // Ease-out: at half the duration a cubic ease-out has covered 87.5% of the way (linear: 50%).
    const atHalf = samples.points.find((p) => p.t - t0 >= 200 && p.t - t0 < 380)
    expect(atHalf?.y ?? startY).toBeLessThan(startY / 2)
    expect(samples.points.filter((p) => p.t - t0 >= 550).every((p) => p.y === 0)).toBe(true)
  })
})

test.describe('header on mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('opens the slide-out menu with the five links and closes it', async ({ page }) => {
    await openPage(page, '/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('navigation').getByRole('link')).toHaveText(NAV.map((item) => item.name))
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL('/pricing')
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()
  })

  test('slides the menu out on closing, with focus back on its button at once, and not at all with reduced motion', async ({
    page,
  }) => {
    await openPage(page, '/')
    const button = page.getByRole('button', { name: 'Open menu' })
    await button.click()
    const menu = page.locator('#mobile-menu')
    await menu.getByRole('button', { name: 'Close menu' }).click({ trial: true })
    const slidOut = menu.evaluate(
      (panel) =>
        new Promise<string>((resolve) =>
          panel.addEventListener('transitionend', (event) => resolve((event as TransitionEvent).propertyName)),
        ),
    )
    await page.keyboard.press('Escape')
    await expect(button).toBeFocused()
    expect(await slidOut).toBe('translate')
    await expect(menu).toHaveCount(0)

    await page.emulateMedia({ reducedMotion: 'reduce' })
    await button.click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0, { timeout: 250 })
    await expect(button).toBeFocused()
  })

  test('the first-visit consent banner never covers the open menu and its sign-in link', async ({ page }) => {
    await openPage(page, '/pricing')
    await expect(page.getByRole('region', { name: 'Analytics, only if you say so' })).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const signIn = page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign in' })
    await expect(signIn).toBeVisible()
    // The menu slides in: measure where the link comes to rest.
    await signIn.click({ trial: true })
    const box = await signIn.boundingBox()
    const onTop = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x ?? 0, y ?? 0)?.closest('#mobile-menu')),
      [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
    )
    expect(onTop).toBe(true)
    await signIn.click()
    await expect(page).toHaveURL('/auth/login')
  })

  test('keeps keyboard focus inside the open menu', async ({ page }) => {
    await openPage(page, '/features')
    await page.getByRole('button', { name: 'Open menu' }).click()
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab')
    const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('#mobile-menu')))
    expect(inside).toBe(true)
  })
})

test.describe('footer', () => {
  test('links to support, the terms, the privacy policy and the guide, with the copyright line', async ({ page }) => {
    await openPage(page, '/features')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      /^mailto:support@storyreel\.app/,
    )
    await expect(footer).toContainText('© 2022-2025 StoryReel')

    await footer.getByRole('link', { name: 'Terms & Conditions' }).click()
    await expect(page).toHaveURL('/privacy#terms')
    await expect(page.locator('#terms')).toBeInViewport()

    await footer.getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL('/privacy#privacy-policy')
    await expect(page.locator('#privacy-policy')).toBeInViewport()

    await footer.getByRole('link', { name: 'Step By Step Guide' }).click()
    await expect(page).toHaveURL(`/blog/${STEP_BY_STEP_SLUG}`)
  })
})

/** The article count a category of the blog index shows in its summary ("14 articles"). */
async function countIn(group: Locator): Promise<number> {
  return Number((await group.locator('summary').textContent())?.match(/(\d+) articles/)?.[1])
}

async function categoryColumns(page: Page): Promise<number[]> {
  const index = page.getByTestId('blog-index')
  const lefts: number[] = []
  for (const category of CATEGORIES) {
    const box = await index.getByRole('heading', { name: category, exact: true }).boundingBox()
    lefts.push(Math.round(box?.x ?? -1))
  }
  return lefts
}

test.describe('blog index', () => {
  test('lists the five categories, each with its newest articles and a link to all of them, in 3 columns on desktop', async ({
    page,
  }) => {
    await openPage(page, '/')
    const index = page.getByTestId('blog-index')
    let total = 0
    for (const category of CATEGORIES) {
      const group = index.locator('details').filter({ has: page.getByRole('heading', { name: category, exact: true }) })
      await expect(group.getByRole('heading', { name: category, exact: true })).toBeVisible()
      await expect(group.locator('a[href^="/blog/"]')).toHaveCount(2)
      const all = group.getByRole('link', { name: `All ${await countIn(group)} articles in ${category}`, exact: true })
      const slug = category.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      // The anchor lands on the category's section before /blog has hydrated and filtered.
      await expect(all).toHaveAttribute('href', `/blog?category=${slug}#category-${slug}`)
      total += await countIn(group)
    }
    // The categories' counts cover every article page.
    expect(total).toBe(70)
    expect(new Set(await categoryColumns(page)).size).toBe(3)
    // A first visit asks about analytics in a banner at the bottom, which appears once the page has hydrated;
    // a click timed as it appears lands on the banner, as a person's would. Answer it first, as people do.
    const banner = page.getByRole('region', { name: 'Analytics, only if you say so' })
    await banner.getByRole('button', { name: 'Decline' }).click()
    await expect(banner).toBeHidden()
    await index.getByRole('link').first().click()
    // A first navigation may wait for the build manifest (up to 2 s) on a busy machine.
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/, { timeout: 15_000 })
  })

  test('shows 1 column on mobile', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await openPage(page, '/pricing')
    expect(new Set(await categoryColumns(page)).size).toBe(1)
  })

  test('appears above the footer on every landing page', async ({ page }) => {
    for (const path of ['/', '/features', '/testimonials', '/pricing', '/ambassador', '/privacy', '/confirm']) {
      await openPage(page, path)
      const index = await page.getByTestId('blog-index').boundingBox()
      const footer = await page.getByRole('contentinfo').boundingBox()
      expect(index && footer && index.y < footer.y, path).toBe(true)
    }
  })
})

/** Each lazily rendered block's height while it is skipped (from its estimate) and once rendered. */
async function lazyBlockHeights(page: Page): Promise<Array<{ block: string; skipped: number; real: number }>> {
  const measure = async (css: string) => {
    const style = await page.addStyleTag({ content: css })
    const heights = await page.evaluate(() =>
      [...document.querySelectorAll('.render-lazy')].map((block) => ({
        block: block.getAttribute('aria-labelledby') ?? block.className,
        height: Math.round(block.getBoundingClientRect().height),
      })),
    )
    await style.evaluate((element: Element) => {
      element.remove()
    })
    return heights
  }
  // Without `auto`, a block that has rendered (near the top) does not keep its real height when skipped.
  const skipped = await measure(
    '.render-lazy { content-visibility: hidden !important; contain-intrinsic-size: var(--lazy-height) !important; }',
  )
  const real = await measure('.render-lazy { content-visibility: visible !important; }')
  return skipped.map(({ block, height }, index) => ({ block, skipped: height, real: real[index]?.height ?? 0 }))
}

test.describe('lazily rendered blocks', () => {
  // A block below the fold keeps its estimated height until it nears the viewport; a jump past it (a
  // fragment, the scrollbar, scrollIntoView) then lands where the real heights move the content.
  test('are estimated within 15 % of their real height on phones, tablets and desktops', async ({ page }) => {
    for (const width of [360, 390, 430, 768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/', `/blog/${STEP_BY_STEP_SLUG}`]) {
        await page.goto(path)
        const blocks = await lazyBlockHeights(page)
        expect(blocks.length, path).toBeGreaterThan(0)
        for (const { block, skipped, real } of blocks) {
          expect(Math.abs(skipped - real) / real, `${path} at ${width} px: ${block} is ${real} px high`).toBeLessThan(
            0.15,
          )
        }
      }
    }
  })

  test('do not move the blog index under the pointer after a jump to the end of the home page', async ({ page }) => {
    await page.goto('/')
    const link = page.getByTestId('blog-index').getByRole('link').first()
    await link.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }))
    const landed = await link.boundingBox()
    // Two frames: the blocks near the viewport render in the first.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const settled = await link.boundingBox()
    expect(Math.abs((settled?.y ?? 0) - (landed?.y ?? 0))).toBeLessThan(10)
  })
})
