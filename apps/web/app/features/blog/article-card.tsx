import { href, Link } from 'react-router'

import { getBlogCoverPath } from '#app/lib/site-paths.ts'

import type { ArticleSummary } from './article-filter.ts'
import { formatPostDate } from './post-date.ts'

/**
 * One article in a list: its cover, title, summary, date and reading time. The title's link stretches over
 * the whole card, so the card is one tab stop and one link for a screen reader.
 */
export function ArticleCard({
  article,
  headingLevel = 3,
  eagerCover = false,
  showCategory = false,
}: {
  article: ArticleSummary
  headingLevel?: 2 | 3
  eagerCover?: boolean
  showCategory?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="glass group relative flex h-full flex-row overflow-hidden rounded-2xl transition-colors focus-within:border-accent hover:border-accent tablet:flex-col">
      {/* A thumbnail beside the text on phones, where seventy full-width covers would make a very long page. */}
      <img
        src={getBlogCoverPath(article.slug)}
        alt=""
        width={1200}
        height={630}
        loading={eagerCover ? 'eager' : 'lazy'}
        decoding="async"
        className="ml-4 mt-4 aspect-square w-20 shrink-0 self-start rounded-xl bg-raised object-cover tablet:m-0 tablet:aspect-[40/21] tablet:w-full tablet:rounded-none"
      />
      <div className="flex min-w-0 flex-1 flex-col p-4 tablet:p-5">
        {showCategory ? (
          <p className="text-xs font-semibold uppercase tracking-wider text-accent">{article.category}</p>
        ) : null}
        <Heading
          className={`text-base font-semibold leading-snug text-ink tablet:text-lg ${showCategory ? 'mt-2' : ''}`}
        >
          <Link
            to={href('/blog/:slug', { slug: article.slug })}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-muted tablet:line-clamp-3">
          {article.description}
        </p>
        <p className="mt-auto flex flex-wrap gap-x-2 pt-3 text-xs text-subtle tablet:pt-4">
          <time dateTime={article.date}>{formatPostDate(article.date)}</time>
          <span aria-hidden="true">·</span>
          <span>{article.readingMinutes} min read</span>
        </p>
      </div>
    </article>
  )
}
