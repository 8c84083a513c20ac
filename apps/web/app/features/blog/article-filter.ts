import type { BlogCategory } from '@storyreel/contracts/blog-categories'

/** What the /blog index knows of an article: enough for its card, its filter and its search. */
export type ArticleSummary = {
  slug: string
  title: string
  category: BlogCategory
  description: string
  date: string
  readingMinutes: number
}

/** Lower case without accents, so "cafe" finds "Café" and "VOICE" finds "voice". */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** The words of a query; every one must appear in an article's title, description or category. */
export function getSearchTerms(query: string): string[] {
  return foldSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

export function filterArticles<T extends ArticleSummary>(
  articles: readonly T[],
  { category, query }: { category?: BlogCategory; query?: string },
): T[] {
  const terms = getSearchTerms(query ?? '')
  return articles.filter((article) => {
    if (category && article.category !== category) return false
    if (terms.length === 0) return true
    const haystack = foldSearchText(`${article.title} ${article.description} ${article.category}`)
    return terms.every((term) => haystack.includes(term))
  })
}
