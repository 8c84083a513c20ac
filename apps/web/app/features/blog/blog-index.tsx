import { href, Link } from 'react-router'

import blogIndex from 'virtual:blog-index'

/** The five categories with every article, above the footer of each landing page: 1 column on mobile, 3 on desktop. */
export function BlogIndex() {
  return (
    <section aria-labelledby="blog-index-title" className="border-t border-line">
      <div className="mx-auto max-w-7xl px-5 py-16 tablet:px-8">
        <h2 id="blog-index-title" className="text-2xl font-bold tracking-tight text-ink tablet:text-3xl">
          From the blog
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          Guides, tutorials and ideas for making videos that people finish watching.
        </p>
        <div data-testid="blog-index" className="mt-10 grid grid-cols-1 gap-x-10 gap-y-12 desktop:grid-cols-3">
          {blogIndex.map((group) => (
            <div key={group.category}>
              <h3 className="text-sm font-semibold uppercase tracking-wider text-accent">{group.category}</h3>
              <ul className="mt-4 space-y-1">
                {group.posts.map((post) => (
                  <li key={post.slug}>
                    <Link
                      to={href('/blog/:slug', { slug: post.slug })}
                      className="inline-block py-1 text-sm leading-snug text-muted transition-colors hover:text-ink"
                    >
                      {post.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}

const KNOWN_SLUGS = new Set(blogIndex.flatMap((group) => group.posts.map((post) => post.slug)))

/** The article route's validity check: only slugs that were built exist. */
export function isKnownPostSlug(slug: string | undefined): boolean {
  return slug !== undefined && KNOWN_SLUGS.has(slug)
}
