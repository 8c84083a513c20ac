import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react'
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router'

import {
  BLOG_CATEGORIES,
  findBlogCategoryBySlug,
  getBlogCategorySectionId,
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

/** The history state the list writes with its own address changes, to tell them from back, forward or a link. */
const OWN_WRITE = { blogFilters: true } as const

function isOwnWrite(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'blogFilters' in state
}

/**
 * Every article grouped by category, with a category filter and a search box. The prerendered page lists all
 * of them, and the filters are links to each category's section, so it works before and without JavaScript;
 * once hydrated, the filters and the search narrow the list in place and keep `?category=` and `?q=` in the
 * address, so a filtered list can be shared.
 */
export function ArticleBrowser({ articles }: { articles: readonly ArticleSummary[] }) {
  const hydrated = useIsHydrated()
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigationType = useNavigationType()
  const address = hydrated ? searchParams.toString() : ''
  // Opened by a client navigation (already hydrated), the list shows the address's filters from its first frame.
  const [category, setCategory] = useState(() =>
    hydrated ? findBlogCategoryBySlug(searchParams.get('category')) : undefined,
  )
  const [query, setQuery] = useState(() => (hydrated ? (searchParams.get('q') ?? '') : ''))
  const inputRef = useRef<HTMLInputElement>(null)
  const searchId = useId()
  // The filters lead and the address follows a moment later: the router renders a new address in a transition,
  // which on a busy phone lands after the next key or click. Each change builds on the newest address the list
  // asked for, never on one about to be replaced.
  const intended = useRef('')
  const syncTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const started = useRef(false)
  // A full load of `?category=…#category-…` jumps to that section of the whole list; the filter then narrows
  // the list above it away, and the same scroll offset lands in the footer. The section is found again.
  const sectionToRefind = useRef<string | undefined>(undefined)

  function writeAddress(change: { category?: BlogCategory | undefined; query?: string }, replace: boolean) {
    const next = new URLSearchParams(intended.current)
    if ('category' in change) {
      if (change.category) next.set('category', getBlogCategorySlug(change.category))
      else next.delete('category')
    }
    if (change.query !== undefined) {
      if (change.query.trim()) next.set('q', change.query.trim())
      else next.delete('q')
    }
    if (next.toString() === intended.current) return
    intended.current = next.toString()
    setSearchParams(next, { replace, preventScrollReset: true, state: OWN_WRITE })
  }

  // The address leads on hydration (with anything typed before it, in the box but not in state) and whenever it
  // changes by other means: back, forward, a link. The list's own writes landing change nothing.
  useEffect(() => {
    if (!hydrated) return
    if (started.current && navigationType !== NavigationType.Pop && isOwnWrite(location.state)) return
    clearTimeout(syncTimer.current)
    intended.current = address
    const params = new URLSearchParams(address)
    const addressQuery = params.get('q') ?? ''
    const typed = started.current ? '' : (inputRef.current?.value ?? '')
    if (!started.current && params.get('category')) sectionToRefind.current = location.hash.slice(1) || undefined
    started.current = true
    setCategory(findBlogCategoryBySlug(params.get('category')))
    setQuery(typed || addressQuery)
    if (typed.trim() && typed.trim() !== addressQuery.trim()) writeAddress({ query: typed }, true)
    // Each address shown has its own key; the rest is read as of that address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, location.key])

  useEffect(() => () => clearTimeout(syncTimer.current), [])

  useEffect(() => {
    const id = sectionToRefind.current
    if (!id || !category) return
    sectionToRefind.current = undefined
    document.getElementById(id)?.scrollIntoView({ block: 'start' })
  }, [category])

  function changeQuery(value: string) {
    setQuery(value)
    // The words go into the address once typing pauses.
    clearTimeout(syncTimer.current)
    syncTimer.current = setTimeout(() => writeAddress({ query: value }, true), URL_SYNC_MS)
  }

  const matches = useMemo(() => filterArticles(articles, { category, query }), [articles, category, query])
  const counts = useMemo(
    () =>
      new Map(BLOG_CATEGORIES.map((each) => [each, articles.filter((article) => article.category === each).length])),
    [articles],
  )
  const filtering = Boolean(category) || query.trim() !== ''

  function chooseCategory(event: MouseEvent<HTMLAnchorElement>, next: BlogCategory | undefined) {
    event.preventDefault()
    setCategory(next)
    writeAddress({ category: next }, false)
  }

  function clearFilters() {
    clearTimeout(syncTimer.current)
    setCategory(undefined)
    setQuery('')
    writeAddress({ category: undefined, query: '' }, true)
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
            onChange={(event) => changeQuery(event.target.value)}
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
                  href={`?category=${getBlogCategorySlug(each)}#${getBlogCategorySectionId(each)}`}
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
          const titleId = `${getBlogCategorySectionId(each)}-title`
          return (
            <section
              key={each}
              id={getBlogCategorySectionId(each)}
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
