import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const LANDING_PAGES = [
  '/',
  '/features',
  '/testimonials',
  '/pricing',
  '/ambassador',
  '/privacy',
  '/confirm',
  '/developers',
] as const

const BLOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content/blog')

export const BLOG_SLUGS = readdirSync(BLOG_DIR)
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.slice(0, -3))

export const STEP_BY_STEP_SLUG =
  'step-by-step-guide-creating-a-cinematic-masterpiece-with-ai-video-generators-and-music'
export const ANIME_MUSIC_SLUG =
  'the-magic-of-ai-anime-video-generation-bringing-your-ideas-life-with-extensive-music-library'
export const LEGACY_ANIME_URL =
  '/blog/The%20Magic%20of%20AI%20Anime%20Video%20Generation%3A%20Bringing%20Your%20Ideas%20to%20Life%20with%20Extensive%20Music%20Library'

export { BLOG_CATEGORIES as CATEGORIES } from '@storyreel/contracts/blog'
