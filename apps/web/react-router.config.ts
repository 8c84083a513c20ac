import type { Config } from '@react-router/dev/config'

import { LANDING_PATHS, NOT_FOUND_PAGE_PATH } from './app/lib/site-paths.ts'
import { getAllPosts } from './app/features/blog/posts.server.ts'

export default {
  // Public pages are static HTML built here; /app and /auth run in the browser from the SPA fallback.
  ssr: false,
  async prerender() {
    const posts = await getAllPosts()
    return [...LANDING_PATHS, NOT_FOUND_PAGE_PATH, ...posts.map((post) => `/blog/${post.slug}`)]
  },
} satisfies Config
