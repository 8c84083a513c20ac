import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, loadEnv, type Plugin } from 'vite'

import { findContentDir, groupByCategory, loadPosts } from './app/features/blog/posts.server.ts'
import { parseWebEnv } from './app/lib/env-schema.ts'

const BLOG_INDEX_ID = 'virtual:blog-index'

/**
 * The blog index sits on every landing page, so it ships as one small cached module instead of being
 * repeated in every page's data (and layouts with loaders are not allowed beside the SPA fallback).
 */
function blogIndexPlugin(): Plugin {
  return {
    name: 'storyreel:blog-index',
    resolveId(source) {
      return source === BLOG_INDEX_ID ? `\0${BLOG_INDEX_ID}` : undefined
    },
    async load(id) {
      if (id !== `\0${BLOG_INDEX_ID}`) return undefined
      const dir = findContentDir('blog')
      this.addWatchFile(dir)
      return `export default ${JSON.stringify(groupByCategory(await loadPosts(dir)))}`
    },
  }
}

export default defineConfig(({ mode }) => ({
  plugins: [tailwindcss(), reactRouter(), blogIndexPlugin()],
  // Validated here, once; the browser gets plain values, not the validator (STYLE §4).
  define: { __PUBLIC_ENV__: JSON.stringify(parseWebEnv(loadEnv(mode, process.cwd(), 'VITE_'))) },
  build: {
    assetsInlineLimit: 0,
  },
}))
