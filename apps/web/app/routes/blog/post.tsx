import { data, href, isRouteErrorResponse, Link, useLocation } from 'react-router'

import { BRAND } from '@storyreel/contracts/brand'

import { ErrorPage } from '#app/components/error-page.tsx'
import { isKnownPostSlug } from '#app/features/blog/blog-index.tsx'
import { StoreBadges } from '#app/components/store-badges.tsx'
import { absoluteUrl, buildMeta, pageTitle } from '#app/lib/seo.ts'
import { getOgImagePath } from '#app/lib/site-paths.ts'

import type { Route } from './+types/post'

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
        author: { '@type': 'Organization', name: BRAND.name, url: absoluteUrl('/') },
        publisher: { '@type': 'Organization', name: BRAND.name, logo: absoluteUrl('/icons/icon-512.png') },
      },
    ],
  })
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData
  return (
    <article className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgb(124_58_237/0.22),transparent)]"
      />
      <header className="mx-auto max-w-3xl px-5 pb-10 pt-14 tablet:pt-20">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-subtle">
          <span className="eyebrow text-accent">{post.category}</span>
          <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time>
          <span aria-hidden="true">·</span>
          <span>{post.readingMinutes} min read</span>
        </p>
        <h1 className="mt-5 text-3xl font-extrabold leading-tight tracking-tight text-ink tablet:text-5xl">
          {post.title}
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-muted">{post.description}</p>
      </header>
      <div className="mx-auto grid max-w-6xl gap-10 px-5 pb-16 desktop:grid-cols-[16rem_minmax(0,1fr)] desktop:gap-14">
        <aside className="desktop:order-none">
          <nav aria-labelledby="toc-title" className="glass rounded-2xl p-5 desktop:sticky desktop:top-24">
            <h2 id="toc-title" className="text-xs font-semibold uppercase tracking-wider text-subtle">
              On this page
            </h2>
            <ol className="mt-3 space-y-2 text-sm">
              {post.toc.map((entry) => (
                <li key={entry.id} className={entry.depth === 3 ? 'pl-4' : ''}>
                  <a href={`#${entry.id}`} className="text-muted transition-colors hover:text-ink">
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
        <div className="min-w-0 max-w-3xl">
          <div className="prose-article" dangerouslySetInnerHTML={{ __html: post.html }} />
          <GetTheApp />
        </div>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="render-lazy mx-auto max-w-6xl px-5 pb-20">
          <h2 id="related-title" className="text-2xl font-bold tracking-tight text-ink">
            Keep reading
          </h2>
          <ul className="mt-6 grid gap-5 tablet:grid-cols-3">
            {related.map((item) => (
              <li key={item.slug}>
                <Link
                  to={href('/blog/:slug', { slug: item.slug })}
                  className="glass group flex h-full flex-col rounded-2xl p-6 transition hover:border-accent"
                >
                  <span className="text-xs font-semibold uppercase tracking-wider text-accent">{item.category}</span>
                  <span className="mt-3 font-semibold leading-snug text-ink">{item.title}</span>
                  <span className="mt-2 line-clamp-3 text-sm text-muted">{item.description}</span>
                  <span className="mt-auto pt-4 text-xs text-subtle">{item.readingMinutes} min read</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  )
}

function GetTheApp() {
  return (
    <aside
      aria-labelledby="get-app-title"
      className="relative mt-14 overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-brand-700/30 via-surface to-surface p-8"
    >
      <div aria-hidden="true" className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-flare-500/25 glow-blur" />
      <h2 id="get-app-title" className="relative text-2xl font-bold tracking-tight text-ink">
        Make your next video with {BRAND.name}
      </h2>
      <p className="relative mt-2 max-w-xl text-muted">
        Type an idea, pick a voice and a track, and watch it become a finished video. Free to start on iPhone, iPad and
        Android.
      </p>
      <StoreBadges className="relative mt-6" />
    </aside>
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
