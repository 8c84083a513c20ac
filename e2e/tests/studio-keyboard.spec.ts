import { expect, test, type Locator, type Page } from '@playwright/test'

import { DEFAULT_PROJECT_SETTINGS, type Project } from '@storyreel/contracts/studio'

import { createUser, signInAs } from './auth-fixtures.ts'
import { expectNoAxeViolations } from './axe-check.ts'

// The most Tab presses a keyboard user may need: from the prompt to "Create storyboard", and from the top of a
// storyboard page to "Render video", whatever the number of scenes.
const MAX_TABS_TO_CREATE = 20
const MAX_TABS_TO_RENDER = 25

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement)

/** How far a sticky bar covers the focused element (0 when it does not), in CSS pixels. */
function getCoveredPixels(page: Page, barSelector: string) {
  return page.evaluate((selector) => {
    const bar = document.querySelector(selector)
    const focused = document.activeElement
    if (!bar || !focused || focused === document.body || bar.contains(focused)) return 0
    // A choice's input is spread over its card; the card is what must be in view.
    const box = (focused.closest('label') ?? focused).getBoundingClientRect()
    const barBox = bar.getBoundingClientRect()
    return Math.max(0, Math.min(box.bottom, barBox.bottom) - Math.max(box.top, barBox.top))
  }, barSelector)
}

const scene = (page: Page, number: number) => page.getByRole('listitem', { name: `Scene ${number}`, exact: true })

test.describe('the studio from the keyboard, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('prompt to storyboard and storyboard to Render video in a bounded number of Tab presses', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    await signInAs(page, await createUser(request))
    await page.goto('/app/create')
    const prompt = page.getByRole('textbox', { name: /Describe the video/ })
    await prompt.focus()
    await page.keyboard.type('A 30-second story about a lighthouse keeper who finds a message in a bottle')

    // The word-by-word caption sample fits its card on a phone.
    const sample = page.locator('.sr-karaoke-word')
    for (const word of await sample.all()) {
      const fits = await word.evaluate((element) => {
        const frame = element.closest('label')?.getBoundingClientRect()
        const box = element.getBoundingClientRect()
        return frame !== undefined && box.left >= frame.left && box.right <= frame.right
      })
      expect(fits).toBe(true)
    }
    // The submit bar is opaque.
    const submitBar = page.locator('.sticky-submit-bar')
    expect(await submitBar.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(/^rgb\(/)

    const create = page.getByRole('button', { name: 'Create storyboard' })
    const firstVoice = page.getByRole('radio', { name: /^Aria/ })
    let tabs = 0
    while (!(await isFocused(create))) {
      expect(tabs, 'Tab presses from the prompt to Create storyboard').toBeLessThan(MAX_TABS_TO_CREATE)
      await page.keyboard.press('Tab')
      tabs += 1
      expect(await getCoveredPixels(page, '.sticky-submit-bar'), 'focus under the submit bar').toBe(0)
      if (await isFocused(firstVoice)) {
        // Inside the voice list the arrow keys choose and Space plays the chosen voice's sample.
        await page.keyboard.press('ArrowDown')
        const second = page.getByRole('radio', { name: /^Jenna/ })
        await expect(second).toBeChecked()
        await expect(second).toBeFocused()
        await page.keyboard.press('Space')
        await expect(page.getByRole('button', { name: 'Pause preview of Jenna' })).toHaveAttribute(
          'aria-pressed',
          'true',
          { timeout: 10_000 },
        )
        await page.keyboard.press('Space')
        await expect(page.getByRole('button', { name: 'Play preview of Jenna' })).toBeVisible()
      }
    }
    expect(tabs).toBeLessThanOrEqual(MAX_TABS_TO_CREATE)
    test.info().annotations.push({ type: 'Tab presses', description: `prompt to Create storyboard: ${tabs}` })
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(/\/app\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 })
    await expect(page.getByRole('list', { name: 'Scenes' }).getByRole('listitem').first()).toBeVisible()
    expect(await page.getByRole('list', { name: 'Scenes' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(4)
    // From the very top of the page (a fresh load): skip link, header, title, then the storyboard's sticky bar.
    await page.reload()
    await expect(page.getByRole('list', { name: 'Scenes' }).getByRole('listitem').first()).toBeVisible()
    const render = page.getByRole('button', { name: 'Render video' })
    tabs = 0
    while (!(await isFocused(render))) {
      expect(tabs, 'Tab presses from the top to Render video').toBeLessThan(MAX_TABS_TO_RENDER)
      await page.keyboard.press('Tab')
      tabs += 1
    }
    expect(tabs).toBeLessThanOrEqual(MAX_TABS_TO_RENDER)
    test.info().annotations.push({ type: 'Tab presses', description: `page top to Render video: ${tabs}` })
    await expect(render).toBeEnabled()

    // Further down, every field comes into view clear of the sticky bar, and Render stays in reach.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab')
      expect(await getCoveredPixels(page, '.storyboard-bar'), 'focus under the storyboard bar').toBe(0)
    }
    await page.getByRole('button', { name: 'Add a scene at the end' }).scrollIntoViewIfNeeded()
    await expect(render).toBeInViewport()
  })

  test('focus after delete and undo, and no error on a new scene before it is touched', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('displayMode', 'light'))
    const user = await createUser(request)
    const response = await request.post('/api/v1/projects', {
      headers: { authorization: `Bearer ${user.access_token}` },
      data: {
        source: {
          kind: 'script',
          text: 'The storm rolled in at dusk over the quiet harbour. Mara climbed the lighthouse stairs with her lantern. At the top, a bottle with a letter waited on the glass. She read it by the lamp and smiled.',
        },
        settings: DEFAULT_PROJECT_SETTINGS,
      },
    })
    const project = (await response.json()) as Project
    await signInAs(page, user)
    await page.goto(`/app/projects/${project.id}`)
    const scenes = page.getByRole('list', { name: 'Scenes' }).getByRole('listitem')
    await expect(scenes.first()).toBeVisible()
    const count = await scenes.count()
    expect(count).toBeGreaterThanOrEqual(2)

    // Delete the last scene from the keyboard: focus waits on Undo, in view at the top of the screen.
    await page.getByRole('button', { name: `Delete scene ${count}` }).focus()
    await page.keyboard.press('Enter')
    await expect(scenes).toHaveCount(count - 1)
    const undo = page.getByRole('button', { name: 'Undo' })
    await expect(undo).toBeFocused()
    await expect(undo).toBeInViewport()
    await expect(page.getByRole('status').filter({ hasText: `Scene ${count} deleted.` })).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(scenes).toHaveCount(count)
    await expect(page.getByRole('button', { name: `Delete scene ${count}` })).toBeFocused()

    // A new scene opens with focus in its narration and no error; Render says why it waits, in words.
    await page.getByRole('button', { name: 'Add a scene after scene 1' }).focus()
    await page.keyboard.press('Enter')
    const fresh = scene(page, 2)
    const visual = fresh.getByLabel('What we see')
    await expect(fresh.getByLabel('Narration')).toBeFocused()
    await expect(fresh.getByText('Describe what the scene shows.')).toHaveCount(0)
    await expect(visual).not.toHaveAttribute('aria-invalid', 'true')
    const render = page.getByRole('button', { name: 'Render video' })
    await expect(render).toBeDisabled()
    await expect(render).toHaveAccessibleDescription('Describe what scene 2 shows first.')

    // Leaving the picture's field empty marks it; Render while blocked takes focus to what to fix.
    await visual.focus()
    await page.keyboard.press('Tab')
    await expect(fresh.getByText('Describe what the scene shows.')).toBeVisible()
    await expect(visual).toHaveAttribute('aria-invalid', 'true')
    await render.focus()
    await page.keyboard.press('Enter')
    await expect(visual).toBeFocused()
    await expectNoAxeViolations(page)

    await page.keyboard.type('A bottle with a letter on the lighthouse glass at night')
    await expect(fresh.getByText('Describe what the scene shows.')).toHaveCount(0)
    await expect(render).toBeEnabled()
  })
})
