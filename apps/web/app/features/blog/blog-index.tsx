import { serverOnly$ } from 'vite-env-only/macros'
import { lazy, useEffect } from 'react'

import { StaticIsland } from '#app/components/static-island.tsx'
import * as prerendered from './blog-wall.tsx'

/** Matches the `desktop` breakpoint, where every category stays open in its own column. */
const DESKTOP_QUERY = '(min-width: 1024px)'
const WALL_ID = 'blog-wall'

// The prerender draws the wall directly; the browser keeps that HTML and loads the wall's code (with every
// title) only to draw it after a client-side navigation.
const wall = serverOnly$(prerendered)
const BlogWall =
  wall?.BlogWall ?? lazy(() => import('./blog-wall.tsx').then((module) => ({ default: module.BlogWall })))

/**
 * The five categories with their newest articles, above the footer of each landing page: 1 column on mobile, where
 * each category is a disclosure that starts closed, and 3 open columns on desktop. The disclosures are native
 * <details>, so they work before hydration; CSS shows their content on desktop even while closed (app.css),
 * and once hydrated the desktop ones are marked open, so assistive tech hears the state it sees, and their
 * summaries stop toggling there.
 */
export function BlogIndex() {
  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_QUERY)
    const island = document.getElementById(WALL_ID)
    const sync = () => {
      for (const group of document.querySelectorAll<HTMLDetailsElement>(`#${WALL_ID} details`)) {
        group.open = desktop.matches
      }
    }
    const keepOpenOnDesktop = (event: MouseEvent) => {
      if (desktop.matches && event.target instanceof Element && event.target.closest('summary')) event.preventDefault()
    }
    // A wall drawn after a client navigation arrives a moment later, when its code has loaded.
    const observer = new MutationObserver(sync)
    if (island) observer.observe(island, { childList: true })
    sync()
    desktop.addEventListener('change', sync)
    island?.addEventListener('click', keepOpenOnDesktop)
    return () => {
      observer.disconnect()
      desktop.removeEventListener('change', sync)
      island?.removeEventListener('click', keepOpenOnDesktop)
    }
  }, [])

  return (
    <StaticIsland id={WALL_ID}>
      <BlogWall />
    </StaticIsland>
  )
}
