declare module 'virtual:blog-index' {
  import type { BlogCategory } from '@storyreel/contracts/blog-categories'

  const blogIndex: Array<{ category: BlogCategory; total: number; posts: Array<{ slug: string; title: string }> }>
  export default blogIndex
}

declare module 'virtual:blog-slugs' {
  const blogSlugs: string[]
  export default blogSlugs
}
