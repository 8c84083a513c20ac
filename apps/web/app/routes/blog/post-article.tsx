import { href, Link } from 'react-router'

import { getBlogCategorySlug } from '@storyreel/contracts/blog-categories'
import { BRAND } from '@storyreel/contracts/brand'

import { LogoMark } from '#app/components/logo.tsx'
import { StoreBadges } from '#app/components/store-badges.tsx'
import { ArticleCard } from '#app/features/blog/article-card.tsx'
import type { ArticleSummary } from '#app/features/blog/article-filter.ts'
import { formatPostDate } from '#app/features/blog/post-date.ts'
import { getBlogCoverPath } from '#app/lib/site-paths.ts'

/** What the article route's loader sends for the article itself. */
export type PostView = ArticleSummary & { html: string; toc: Array<{ id: string; text: string; depth: number }> }

/**
 * An article page: header, cover, contents, body, the app's call to action and related articles. Static once
 * prerendered, so the route keeps it as a static island; this module loads only when an article is rendered in
 * the browser after a client-side navigation.
 */
export function PostArticle({ post, related }: { post: PostView; related: readonly ArticleSummary[] }) {
  return (
    <article className="relative">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgb(124_58_237/0.22),transparent)]"
      />
      <header className="mx-auto max-w-3xl px-5 pb-10 pt-14 tablet:pt-20">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-subtle">
          <Link
            to={`${href('/blog')}?category=${getBlogCategorySlug(post.category)}`}
            className="eyebrow text-accent hover:border-accent"
          >
            {post.category}
          </Link>
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          <span aria-hidden="true">·</span>
          <span>{post.readingMinutes} min read</span>
        </p>
        <h1 className="mt-5 text-3xl font-extrabold leading-tight tracking-tight text-ink tablet:text-5xl">
          {post.title}
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-muted">{post.description}</p>
        <p className="mt-6 flex items-center gap-3 text-sm font-semibold text-ink">
          <LogoMark size={32} />
          By the {BRAND.name} team
        </p>
      </header>
      <div className="mx-auto max-w-5xl px-5 pb-12">
        <img
          src={getBlogCoverPath(post.slug)}
          alt=""
          width={1200}
          height={630}
          decoding="async"
          className="aspect-[40/21] w-full rounded-3xl border border-line bg-raised object-cover"
        />
      </div>
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
        <section
          aria-labelledby="related-title"
          className="render-lazy [--lazy-height:720px] tablet:[--lazy-height:470px] desktop:[--lazy-height:480px] mx-auto max-w-6xl px-5 pb-20"
        >
          <h2 id="related-title" className="text-2xl font-bold tracking-tight text-ink">
            Keep reading
          </h2>
          <ul className="mt-6 grid gap-5 tablet:grid-cols-3">
            {related.map((item) => (
              <li key={item.slug}>
                <ArticleCard article={item} showCategory />
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
        Type an idea, pick a voice and a track, and watch it become a finished video. Free to start in your browser, on
        iPhone, iPad and Android.
      </p>
      <StoreBadges browser className="relative mt-6" />
    </aside>
  )
}
