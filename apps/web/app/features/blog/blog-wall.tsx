import { href, Link } from 'react-router'

import blogIndex from 'virtual:blog-index'

import { getBlogCategorySectionId, getBlogCategorySlug } from '@storyreel/contracts/blog-categories'

import { ArrowRightIcon } from '#app/components/ui/chrome-icons.tsx'

/**
 * The wall's markup: five categories, each a <details> listing its newest articles and a link to the rest on
 * /blog (decision 066). Static once prerendered, so
 * blog-index.tsx keeps it as a static island; this module loads only to draw it after a client navigation.
 */
export function BlogWall() {
  return (
    <section aria-labelledby="blog-index-title" className="border-t border-line">
      <div className="mx-auto max-w-7xl px-5 py-10 tablet:px-8 desktop:py-14">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
          <h2 id="blog-index-title" className="text-xl font-bold tracking-tight text-ink tablet:text-2xl">
            From the blog
          </h2>
          <Link
            to={href('/blog')}
            className="inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-accent hover:underline"
          >
            All articles, with search
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
        <div
          data-testid="blog-index"
          className="mt-5 grid grid-cols-1 border-t border-line/70 desktop:mt-8 desktop:grid-cols-3 desktop:gap-x-10 desktop:gap-y-9 desktop:border-0"
        >
          {blogIndex.map((group) => (
            <details key={group.category} className="blog-wall-group group border-b border-line/70 desktop:border-0">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-3.5 desktop:cursor-default desktop:py-0 [&::-webkit-details-marker]:hidden">
                <h3 className="text-sm font-semibold uppercase tracking-wider text-accent">{group.category}</h3>
                <span className="flex shrink-0 items-center gap-2 whitespace-nowrap text-xs font-medium text-subtle desktop:hidden">
                  {`${group.total} articles`}
                  <svg
                    viewBox="0 0 24 24"
                    className="h-4 w-4 transition-transform group-open:rotate-180"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="m6 9 6 6 6-6" />
                  </svg>
                </span>
              </summary>
              <ul className="pb-4 desktop:mt-3 desktop:pb-0">
                {group.posts.map((post) => (
                  <li key={post.slug}>
                    <Link
                      to={href('/blog/:slug', { slug: post.slug })}
                      className="block py-1.5 text-sm leading-snug text-muted transition-colors hover:text-ink desktop:py-1"
                    >
                      {post.title}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link
                    to={`${href('/blog')}?category=${getBlogCategorySlug(group.category)}#${getBlogCategorySectionId(group.category)}`}
                    className="mt-1 inline-flex items-center gap-1 py-1.5 text-sm font-semibold text-accent hover:underline desktop:py-1"
                  >
                    {`All ${group.total} articles`}
                    <span className="sr-only">{` in ${group.category}`}</span>
                    <ArrowRightIcon className="h-4 w-4" />
                  </Link>
                </li>
              </ul>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
