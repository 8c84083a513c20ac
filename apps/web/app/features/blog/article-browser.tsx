import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react'
import { useSearchParams } from 'react-router'

import {
  BLOG_CATEGORIES,
  findBlogCategoryBySlug,
  getBlogCategorySlug,
  type BlogCategory,
} from '@storyreel/contracts/blog-categories'

import { CloseIcon, SearchIcon } from '#app/components/ui/chrome-icons.tsx'

import { ArticleCard } from './article-card.tsx'
import { filterArticles, type ArticleSummary } from './article-filter.ts'

const noSubscription = () => () => {}

/** False while React hydrates the prerendered HTML, true after: URL filters apply only once it matches. */
function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/** The query waits this long after the last key before it goes into the address bar. */
const URL_SYNC_MS = 300

/** What the status line says: how many articles the filters leave, and for what. */
export function describeResults({
  count,
  total,
  category,
  query,
}: {
  count: number
  total: number
  category: BlogCategory | undefined
  query: string
}): string {
  const words = query.trim()
  const where = category ? ` in ${category}` : ''
  if (words) return `${count} ${count === 1 ? 'article matches' : 'articles match'} “${words}”${where}`
  if (category) return `${count} ${count === 1 ? 'article' : 'articles'}${where}`
  return `${total} articles in ${BLOG_CATEGORIES.length} categories`
}

export const getCategorySectionId = (category: BlogCategory) => `category-${getBlogCategorySlug(category)}`

/**
 * Every article grouped by category, with a category filter and a search box. The prerendered page lists all
 * of them, and the filters are links to each category's section, so it works before and without JavaScript;
 * once hydrated, the filters and the search narrow the list in place and keep `?category=` and `?q=` in the
 * address, so a filtered list can be shared.
 */
export function ArticleBrowser({ articles }: { articles: readonly ArticleSummary[] }) {
  const hydrated = useIsHydrated()
  const [searchParams, setSearchParams] = useSearchParams()
  const category = hydrated ? findBlogCategoryBySlug(searchParams.get('category')) : undefined
  const urlQuery = hydrated ? (searchParams.get('q') ?? '') : ''
  const [query, setQuery] = useState(urlQuery)
  const inputRef = useRef<HTMLInputElement>(null)
  const searchId = useId()

  // Whatever was typed before hydration is in the box but not in state; the address may hold a query too.
  useEffect(() => {
    if (!hydrated) return
    const typed = inputRef.current?.value ?? ''
    setQuery((current) => current || typed || urlQuery)
    // Only once, when hydration ends: later the box leads and the address follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

  // After "Show all articles" the address is about to lose its query: syncing the emptied box before that lands
  // would build on the old address (its category too) and undo the clearing. Set until the address has no query.
  const clearing = useRef(false)
  useEffect(() => {
    if (clearing.current && !urlQuery) clearing.current = false
    if (!hydrated || (clearing.current && !query.trim()) || query.trim() === urlQuery.trim()) return
    const timer = setTimeout(() => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params)
          if (query.trim()) next.set('q', query.trim())
          else next.delete('q')
          return next
        },
        { replace: true, preventScrollReset: true },
      )
    }, URL_SYNC_MS)
    return () => clearTimeout(timer)
  }, [hydrated, query, urlQuery, setSearchParams])

  const matches = useMemo(() => filterArticles(articles, { category, query }), [articles, category, query])
  const counts = useMemo(
    () =>
      new Map(BLOG_CATEGORIES.map((each) => [each, articles.filter((article) => article.category === each).length])),
    [articles],
  )
  const filtering = Boolean(category) || query.trim() !== ''

  function chooseCategory(event: MouseEvent<HTMLAnchorElement>, next: BlogCategory | undefined) {
    event.preventDefault()
    setSearchParams(
      (params) => {
        const nextParams = new URLSearchParams(params)
        if (next) nextParams.set('category', getBlogCategorySlug(next))
        else nextParams.delete('category')
        return nextParams
      },
      { preventScrollReset: true },
    )
  }

  function clearFilters() {
    clearing.current = true
    setQuery('')
    setSearchParams(new URLSearchParams(), { replace: true, preventScrollReset: true })
    inputRef.current?.focus()
  }

  const chip = (active: boolean) =>
    `inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-[13px] font-semibold transition-colors tablet:gap-2 tablet:px-4 tablet:py-2 tablet:text-sm ${
      active ? 'border-accent bg-accent text-accent-ink' : 'border-line bg-surface text-muted hover:text-ink'
    }`

  return (
    <div>
      <div className="flex flex-col gap-5">
        <form role="search" className="relative max-w-xl" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="sr-only">
            Search articles
          </label>
          <SearchIcon className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-subtle" />
          <input
            ref={inputRef}
            id={searchId}
            name="q"
            type="search"
            autoComplete="off"
            placeholder={`Search ${articles.length} articles`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="w-full rounded-full border border-line bg-surface py-3 pl-12 pr-4 text-base text-ink placeholder:text-subtle focus:border-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 [&::-webkit-search-cancel-button]:hidden"
          />
        </form>
        <nav aria-label="Categories">
          <ul className="flex flex-wrap gap-2">
            <li>
              <a
                href="/blog"
                className={chip(!category)}
                aria-current={!category ? 'true' : undefined}
                onClick={(event) => chooseCategory(event, undefined)}
              >
                All <span className="opacity-70">{articles.length}</span>
              </a>
            </li>
            {BLOG_CATEGORIES.map((each) => (
              <li key={each}>
                <a
                  href={`?category=${getBlogCategorySlug(each)}#${getCategorySectionId(each)}`}
                  className={chip(category === each)}
                  aria-current={category === each ? 'true' : undefined}
                  onClick={(event) => chooseCategory(event, each)}
                >
                  {each} <span className="opacity-70">{counts.get(each)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="mt-8 flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        <p role="status">{describeResults({ count: matches.length, total: articles.length, category, query })}</p>
        {filtering ? (
          <button
            type="button"
            onClick={clearFilters}
            className="inline-flex items-center gap-1.5 rounded-full font-semibold text-accent hover:underline"
          >
            <CloseIcon className="h-4 w-4" />
            Clear filters
          </button>
        ) : null}
      </div>

      {matches.length === 0 ? (
        <div className="glass mt-6 rounded-3xl p-10 text-center">
          <p className="text-lg font-semibold text-ink">No article matches that yet.</p>
          <p className="mt-2 text-muted">Try fewer or other words, or look through every category.</p>
          <button type="button" onClick={clearFilters} className="btn-secondary mt-6">
            Show all articles
          </button>
        </div>
      ) : (
        BLOG_CATEGORIES.map((each, sectionIndex) => {
          const inCategory = matches.filter((article) => article.category === each)
          if (inCategory.length === 0) return null
          const titleId = `${getCategorySectionId(each)}-title`
          return (
            <section
              key={each}
              id={getCategorySectionId(each)}
              aria-labelledby={titleId}
              className="mt-10 scroll-mt-24 first-of-type:mt-6"
            >
              <h2 id={titleId} className="flex items-baseline gap-3 text-2xl font-bold tracking-tight text-ink">
                {each}
                <span className="text-base font-medium text-subtle">{inCategory.length}</span>
              </h2>
              <ul className="mt-5 grid gap-5 tablet:grid-cols-2 desktop:grid-cols-3">
                {inCategory.map((article, index) => (
                  <li key={article.slug}>
                    <ArticleCard article={article} eagerCover={sectionIndex === 0 && index < 3} />
                  </li>
                ))}
              </ul>
            </section>
          )
        })
      )}
    </div>
  )
}
