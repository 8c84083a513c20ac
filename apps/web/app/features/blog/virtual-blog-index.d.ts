declare module 'virtual:blog-index' {
  import type { BlogCategory } from '@storyreel/contracts/blog'

  const blogIndex: Array<{ category: BlogCategory; posts: Array<{ slug: string; title: string }> }>
  export default blogIndex
}
