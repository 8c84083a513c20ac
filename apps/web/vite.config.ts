import { randomBytes } from 'node:crypto'

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

/**
 * One id per `react-router build` run: the client and server builds each load this config, so the id
 * lives in the process environment and both see the same value (the prerendered pages name it too).
 */
function getBuildInfo(): { id: string; timestamp: number } {
  process.env.STORYREEL_BUILD_TIMESTAMP ??= String(Date.now())
  const timestamp = Number(process.env.STORYREEL_BUILD_TIMESTAMP)
  process.env.STORYREEL_BUILD_ID ??= `${timestamp.toString(36)}-${randomBytes(4).toString('hex')}`
  return { id: process.env.STORYREEL_BUILD_ID, timestamp }
}

/**
 * Defines `__BUILD__` for the app and writes `builds/latest.json` into the client output; the post-build
 * step adds `builds/meta/{id}.json` (docs/decisions/018-build-manifest-prefetch-and-chunk-reloads.md).
 */
function buildManifestPlugin(): Plugin {
  const build = getBuildInfo()
  return {
    name: 'storyreel:build-manifest',
    config: () => ({ define: { __BUILD__: JSON.stringify(build) } }),
    generateBundle() {
      if (this.environment.name !== 'client') return
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: `${JSON.stringify(build)}\n` })
    },
  }
}

export default defineConfig(({ mode }) => ({
  plugins: [tailwindcss(), reactRouter(), blogIndexPlugin(), buildManifestPlugin()],
  // Validated here, once; the browser gets plain values, not the validator.
  define: { __PUBLIC_ENV__: JSON.stringify(parseWebEnv(loadEnv(mode, process.cwd(), 'VITE_'))) },
  build: {
    assetsInlineLimit: 0,
  },
}))
