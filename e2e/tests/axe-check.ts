import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const ALL_TAGS = [...WCAG_TAGS, 'best-practice']

// The axe-core copy @axe-core/playwright depends on, minified: it is sent into the page for every check, and
// the plain build it injects by default is more than twice the size to send and parse.
const requireFromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
const AXE_SOURCE = readFileSync(requireFromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Fails on any axe violation in the page as it is now. axe runs in the page itself (legacy mode): the default
 * runs it in each frame and then again in a blank page it opens, which doubles the cost of every check.
 * Legacy mode cannot reach cross-origin frames, so a page with one fails here instead of going unchecked.
 */
export async function expectNoAxeViolations(page: Page, { tags = ALL_TAGS }: { tags?: string[] } = {}) {
  const { origin } = new URL(page.url())
  const crossOriginFrames = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin)
  expect(crossOriginFrames, 'frames axe cannot check in legacy mode').toEqual([])
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(tags).setLegacyMode(true).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
