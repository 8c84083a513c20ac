import { BRAND } from '@storyreel/contracts/brand'

import { getOgImagePath, type LandingPath } from '../app/lib/site-paths.ts'
import type { OgCard } from './og-card.ts'

type PageOgCopy = { title: string; tagline: string }

/** Headline and one-line tagline drawn on each landing page's social card. */
export const PAGE_OG_COPY = {
  '/': {
    title: 'Turn any idea into a finished video',
    tagline: 'Write a prompt or a script and get scenes, visuals, voiceover, music and captions.',
  },
  '/features': {
    title: 'Everything it takes to make a video',
    tagline: 'Text to video, anime video, AI voiceovers, original music sorted by mood, and captions.',
  },
  '/testimonials': {
    title: `How people use ${BRAND.name}`,
    tagline: 'Illustrative stories of creators, marketers and small businesses publishing more often.',
  },
  '/pricing': {
    title: 'Start free. Go Premium when you’re ready.',
    tagline: 'Premium billed weekly, monthly or yearly through the App Store or Google Play.',
  },
  '/ambassador': {
    title: `Become a ${BRAND.name} Ambassador`,
    tagline: 'A program for creators who love making video. Apply by email in a few minutes.',
  },
  '/privacy': {
    title: 'Privacy Policy and Terms',
    tagline: 'What we collect, why we collect it, and the terms for using our apps and site.',
  },
  '/confirm': {
    title: 'Confirm your email',
    tagline: 'One short step to activate your account and start creating videos.',
  },
  '/blog': {
    title: `The ${BRAND.name} blog`,
    tagline: 'Guides, tutorials and ideas for videos with AI voiceovers, anime video and music.',
  },
  '/developers': {
    title: `Build with the ${BRAND.name} API`,
    tagline: 'API keys, one-call videos, signed webhooks, CSV batches and an MCP server for AI assistants.',
  },
} as const satisfies Record<LandingPath, PageOgCopy>

export type OgImageJob = {
  /** Path inside build/client, matching getOgImagePath() in app/lib/seo.ts */
  file: string
  card: OgCard
}

/** The file inside build/client for a page's card: the path its meta tags point at, without the leading slash. */
export function getOgImageFile(pagePath: string): string {
  return getOgImagePath(pagePath).slice(1)
}

export function getPageOgCopy(copy: Readonly<Record<string, PageOgCopy>>, path: string): PageOgCopy {
  const entry = Object.hasOwn(copy, path) ? copy[path] : undefined
  if (!entry) {
    throw new Error(
      `No Open Graph title/tagline for landing path "${path}": add it to PAGE_OG_COPY in scripts/og-images.ts`,
    )
  }
  return entry
}

/** One card per landing page and per post. */
export function listOgImageJobs(
  landingPaths: readonly string[],
  posts: ReadonlyArray<{ slug: string; title: string; category: string; readingMinutes: number }>,
  copy: Readonly<Record<string, PageOgCopy>> = PAGE_OG_COPY,
): OgImageJob[] {
  return [
    ...landingPaths.map((path) => ({
      file: getOgImageFile(path),
      card: { kind: 'page' as const, ...getPageOgCopy(copy, path) },
    })),
    ...posts.map((post) => ({
      file: getOgImageFile(`/blog/${post.slug}`),
      card: { kind: 'post' as const, title: post.title, category: post.category, readingMinutes: post.readingMinutes },
    })),
  ]
}
