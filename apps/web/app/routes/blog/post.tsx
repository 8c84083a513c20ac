import { lazy } from 'react'
import { data, isRouteErrorResponse, useLocation } from 'react-router'
import { serverOnly$ } from 'vite-env-only/macros'

import { BRAND } from '@storyreel/contracts/brand'

import { ErrorPage } from '#app/components/error-page.tsx'
import { StaticIsland } from '#app/components/static-island.tsx'
import { isKnownPostSlug } from '#app/features/blog/known-post-slugs.ts'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'
import { getOgImagePath } from '#app/lib/site-paths.ts'

import type { Route } from './+types/post'
import * as prerendered from './post-article.tsx'

// The prerender draws the article directly; the browser keeps that HTML (StaticIsland) and loads the
// article's code only to draw one after a client-side navigation.
const article = serverOnly$(prerendered)
const PostArticle =
  article?.PostArticle ?? lazy(() => import('./post-article.tsx').then((module) => ({ default: module.PostArticle })))

export async function loader({ params }: Route.LoaderArgs) {
  const { getAllPosts, getRelatedPosts } = await import('#app/features/blog/posts.server.ts')
  const posts = await getAllPosts()
  const post = posts.find((candidate) => candidate.slug === params.slug)
  // The page's validity check: an unknown slug is a 404, never an empty article.
  if (!post) throw data(null, { status: 404 })
  const { html, toc, wordCount: _wordCount, ...summary } = post
  return { post: { ...summary, html, toc }, related: getRelatedPosts(posts, post) }
}

/**
 * Runs on client navigation and on the SPA fallback: an unknown slug fails the validity check with a 404
 * before any data request, since only prerendered articles have data files.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  if (!isKnownPostSlug(params.slug)) throw data(null, { status: 404 })
  return serverLoader()
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle('Page not found') }]
  const { post } = loaderData
  const path = `/blog/${post.slug}`
  return buildMeta({
    title: pageTitle(post.title),
    description: post.description,
    path,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.description,
        datePublished: post.date,
        dateModified: post.date,
        articleSection: post.category,
        image: absoluteUrl(getOgImagePath(path)),
        mainEntityOfPage: absoluteUrl(path),
        author: { '@type': 'Organization', name: `${BRAND.name} team`, url: absoluteUrl('/blog') },
        publisher: { '@type': 'Organization', name: BRAND.name, logo: absoluteUrl('/icons/icon-512.png') },
      },
    ],
  })
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData
  // Keyed by article: moving to another article draws it anew instead of keeping this one's HTML.
  return (
    <StaticIsland key={post.slug} id={`article-${post.slug}`}>
      <PostArticle post={post} related={related} />
    </StaticIsland>
  )
}

/** An unknown slug fails the page's validity check: 404 with 'Page Not Found: {path}'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} message={`Page Not Found: ${pathname}`} />
  }
  return <ErrorPage status={500} message="Something went wrong" />
}
