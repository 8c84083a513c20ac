import type { ShouldRevalidateFunctionArgs } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { ArticleBrowser } from '#app/features/blog/article-browser.tsx'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'

import type { Route } from './+types/index'

export async function loader() {
  const { getAllPosts, toSummary } = await import('#app/features/blog/posts.server.ts')
  return { articles: (await getAllPosts()).map(toSummary) }
}

/** Filters and search change only the address's query; the list itself never needs loading again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

const DESCRIPTION = `Guides and tutorials from the ${BRAND.name} team: writing scripts, storyboarding, anime video, AI voiceovers and music for short videos.`

export function meta({ loaderData }: Route.MetaArgs) {
  return buildMeta({
    title: pageTitle('Blog: guides for AI video, voiceovers and music'),
    description: DESCRIPTION,
    path: '/blog',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: `The ${BRAND.name} blog`,
        url: absoluteUrl('/blog'),
        description: DESCRIPTION,
        publisher: { '@type': 'Organization', name: BRAND.name, logo: absoluteUrl('/icons/icon-512.png') },
        blogPost: (loaderData?.articles ?? []).slice(0, 10).map((article) => ({
          '@type': 'BlogPosting',
          headline: article.title,
          url: absoluteUrl(`/blog/${article.slug}`),
          datePublished: article.date,
          author: { '@type': 'Organization', name: `${BRAND.name} team` },
        })),
      },
    ],
  })
}

export default function BlogIndexPage({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData
  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[30rem] bg-[radial-gradient(50%_60%_at_50%_0%,rgb(124_58_237/0.22),transparent),radial-gradient(30%_40%_at_85%_15%,rgb(34_211_238/0.10),transparent)]"
      />
      <header className="mx-auto max-w-7xl px-5 pb-10 pt-14 tablet:px-8 tablet:pt-20">
        <p className="eyebrow">Blog</p>
        <h1 className="text-balance mt-6 max-w-3xl text-4xl font-extrabold leading-[1.08] tracking-tight text-ink tablet:text-6xl">
          Make videos people <span className="text-gradient">finish watching</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted">
          {articles.length} guides and tutorials by the {BRAND.name} team: writing a hook, storyboarding scenes, picking
          a voice and a track, and getting the most out of the studio.
        </p>
      </header>
      <div className="mx-auto max-w-7xl px-5 pb-24 tablet:px-8">
        <ArticleBrowser articles={articles} />
      </div>
    </div>
  )
}
