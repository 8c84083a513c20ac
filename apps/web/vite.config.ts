import { randomBytes } from 'node:crypto'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { envOnlyMacros } from 'vite-env-only'

import { findContentDir, getAllPosts, groupByCategory, loadPosts } from './app/features/blog/posts.server.ts'
import { parseWebEnv } from './app/lib/env-schema.ts'
import { getBlogCoverPath } from './app/lib/site-paths.ts'
import { createBlogCoverSvg } from './scripts/blog-cover.ts'

const BLOG_INDEX_ID = 'virtual:blog-index'
const BLOG_SLUGS_ID = 'virtual:blog-slugs'

/**
 * The blog link wall sits on every landing page, so its data ships as one small cached module instead of
 * being repeated in every page's data (and layouts with loaders are not allowed beside the SPA fallback); the
 * article route's validity check needs only the slugs, which get a module of their own.
 */
function blogIndexPlugin(): Plugin {
  return {
    name: 'storyreel:blog-index',
    resolveId(source) {
      return source === BLOG_INDEX_ID || source === BLOG_SLUGS_ID ? `\0${source}` : undefined
    },
    async load(id) {
      if (id !== `\0${BLOG_INDEX_ID}` && id !== `\0${BLOG_SLUGS_ID}`) return undefined
      const dir = findContentDir('blog')
      this.addWatchFile(dir)
      const posts = await loadPosts(dir)
      if (id === `\0${BLOG_SLUGS_ID}`) return `export default ${JSON.stringify(posts.map((post) => post.slug))}`
      return `export default ${JSON.stringify(groupByCategory(posts))}`
    },
  }
}

/**
 * Each article's cover picture (scripts/blog-cover.ts): emitted beside the pages in a build, and drawn on
 * request by the dev server, so /blog and the articles show the same covers in both.
 */
function blogCoversPlugin(): Plugin {
  const coverFile = (slug: string) => getBlogCoverPath(slug).slice(1)
  return {
    name: 'storyreel:blog-covers',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const slug = /^\/blog\/covers\/([a-z0-9-]+)\.svg$/.exec(request.url ?? '')?.[1]
        if (!slug) return next()
        getAllPosts()
          .then((posts) => {
            const post = posts.find((candidate) => candidate.slug === slug)
            if (!post) return next()
            response.setHeader('content-type', 'image/svg+xml')
            response.end(createBlogCoverSvg(post))
          })
          .catch(next)
      })
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return
      for (const post of await getAllPosts()) {
        this.emitFile({ type: 'asset', fileName: coverFile(post.slug), source: createBlogCoverSvg(post) })
      }
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

/**
 * React and React Router (and the bundler's runtime): every page and route needs them, so they travel as one
 * file. React DOM stays in the entry chunk, which is the only one that imports it.
 */
const FRAMEWORK_MODULES = /[\\/]node_modules[\\/](react|react-router)[\\/]|^\0rolldown[\\/]runtime/
/**
 * The app code every landing page runs (header, footer, consent, referral, blog wall, site runtime), as one
 * file instead of some thirty small ones that each cost a request and its headers. Modules that load zod or
 * that a page imports only on demand stay out, or the group would pull them into every page.
 */
const SITE_MODULES =
  /[\\/]apps[\\/]web[\\/]app[\\/](components|lib|features[\\/](consent|referral|android-banner)|features[\\/]blog[\\/]blog-index|features[\\/]samples[\\/](voice-sample-player|lazy-posters))[\\/.]|[\\/]packages[\\/]contracts[\\/]src[\\/](brand|plans|gtm-id-pattern|route-rule-match|blog-categories)\.ts$|^\0vite[\\/]preload-helper/
const NOT_SITE_MODULES =
  /[\\/]lib[\\/](api-client|api|query|env-schema)\.ts$|[\\/](referral-code|referral-popup|countdown-ring|consent-settings|redeem|free-week-cta)\.tsx?$|[\\/]components[\\/](device-mockup|waveform|qr-code|numbered-steps|faq-list|section-heading|ui[\\/](icons|site-icons|form-field|confirm-dialog))\.tsx$/

/**
 * The chunks every page runs from start to end as it starts: React, React Router, React DOM, the site code and
 * the root route. Their first line asks V8 to compile all their functions while the file streams in, on a
 * background thread, instead of each one on the main thread the first time hydration calls it (decision 040).
 */
const STARTUP_CHUNKS = new Set(['framework', 'entry.client', 'site', 'root'])
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Written into each chunk's code after every other change to it: the minifier drops comments, and Vite's import
 * analysis puts its own `__vite__mapDeps` line at the top of some chunks in its generateBundle, which runs before
 * this one (order: 'post'). The hint must come first, before any function. It also goes into the chunk's hash,
 * so a file that gains it gets a new name and no browser keeps an old copy without it. No source maps are built;
 * one would be a line off.
 * @see https://v8.dev/blog/explicit-compile-hints
 */
function eagerCompilePlugin(): Plugin {
  return {
    name: 'storyreel:eager-compile',
    augmentChunkHash(chunk) {
      return this.environment.name === 'client' && STARTUP_CHUNKS.has(chunk.name) ? EAGER_COMPILE_HINT : undefined
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && STARTUP_CHUNKS.has(chunk.name))
            chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`
        }
      },
    },
  }
}

export default defineConfig(({ mode }) => ({
  // envOnlyMacros: serverOnly$() keeps the static islands' components out of the browser bundle (StaticIsland).
  plugins: [
    tailwindcss(),
    envOnlyMacros(),
    reactRouter(),
    blogIndexPlugin(),
    blogCoversPlugin(),
    buildManifestPlugin(),
    eagerCompilePlugin(),
  ],
  // Validated here, once; the browser gets plain values, not the validator.
  define: { __PUBLIC_ENV__: JSON.stringify(parseWebEnv(loadEnv(mode, process.cwd(), 'VITE_'))) },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK_MODULES, priority: 2 },
            {
              name: 'site',
              test: (id: string) => SITE_MODULES.test(id) && !NOT_SITE_MODULES.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
}))
