/**
 * Runs after `react-router build`: social cards, app icons and manifest, sitemap and robots.txt, the
 * validated route rules and the site config for the server, then .br/.gz variants of every text file
 * (compression goes last so it covers what the earlier steps wrote).
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { loadEnv } from 'vite'

import { BRAND } from '@storyreel/contracts/brand'
import type { SiteConfig } from '@storyreel/contracts/site-config'

import { getAllPosts } from '../app/features/blog/posts.server.ts'
import { LANDING_PATHS, NOT_FOUND_PAGE_PATH } from '../app/lib/site-paths.ts'
import { APP_ICONS, getIconSvg, getManifestIcons } from './app-icons.ts'
import { createBuildMeta, getBuildMetaFile, LATEST_BUILD_FILE } from './build-meta.ts'
import { mapWithConcurrency } from './map-with-concurrency.ts'
import { listOgImageJobs } from './og-images.ts'
import { createOgRenderer } from './og-renderer.ts'
import { deferHydration } from './defer-hydration.ts'
import { getPostbuildConfig } from './postbuild-config.ts'
import { precompressDir } from './precompress.ts'
import { recordOwnFiles, restorePreviousBuild } from './previous-build.ts'
import { renderSvgToPng } from './render-png.ts'
import { createRobotsTxt } from './robots-txt.ts'
import { createSitemapEntries, createSitemapXml } from './sitemap.ts'
import { parseRouteRules } from './validate-route-rules.ts'
import { createWebManifest } from './web-manifest.ts'

/** Satori's layout runs on the main thread and resvg on the thread pool; a few in flight keep both busy. */
const RENDER_CONCURRENCY = Math.min(4, availableParallelism())

async function writeOutput(dir: string, file: string, data: string | Buffer): Promise<void> {
  const target = path.join(dir, file)
  await mkdir(path.dirname(target), { recursive: true })
  await writeFile(target, data)
}

/** Runs one step and returns its result with the milliseconds it took, for the summary line. */
async function timed<T>(step: () => Promise<T>): Promise<[T, number]> {
  const startedAt = performance.now()
  const result = await step()
  return [result, Math.round(performance.now() - startedAt)]
}

async function main(): Promise<void> {
  const startedAt = performance.now()
  const webDir = path.resolve(import.meta.dirname, '..')
  const config = getPostbuildConfig(loadEnv('production', webDir, 'VITE_'), webDir)
  const out = (file: string, data: string | Buffer) => writeOutput(config.clientDir, file, data)
  if (!existsSync(path.join(config.clientDir, 'index.html'))) {
    throw new Error(`${config.clientDir}/index.html not found: run react-router build first`)
  }

  // Route rules first: a bad file should fail the build before the slow steps run.
  const routeRulesText = await readFile(config.routeRulesFile, 'utf8')
  const routeRules = parseRouteRules(routeRulesText, path.relative(process.cwd(), config.routeRulesFile))
  await writeOutput(config.buildDir, 'route-rules.json', `${JSON.stringify(routeRules, null, 2)}\n`)
  // Beside the route rules, outside client/: the server reads it to let Tag Manager into the CSP (or not).
  const siteConfig: SiteConfig = { gtmId: config.gtmId }
  await writeOutput(config.buildDir, 'site-config.json', `${JSON.stringify(siteConfig, null, 2)}\n`)

  const [posts, faviconSvg] = await Promise.all([getAllPosts(), readFile(config.faviconFile, 'utf8')])

  const pagePaths = [...LANDING_PATHS, NOT_FOUND_PAGE_PATH, ...posts.map((post) => `/blog/${post.slug}`)]
  const buildMeta = createBuildMeta(
    await readFile(path.join(config.clientDir, LATEST_BUILD_FILE), 'utf8'),
    routeRules,
    pagePaths.filter((pagePath) => pagePath !== NOT_FOUND_PAGE_PATH),
  )
  await out(getBuildMetaFile(buildMeta.id), `${JSON.stringify(buildMeta)}\n`)
  await Promise.all(
    pagePaths.map(async (pagePath) => {
      const file = path.join(config.clientDir, pagePath === '/' ? '' : pagePath, 'index.html')
      await writeFile(file, deferHydration(await readFile(file, 'utf8')))
    }),
  )

  const ogJobs = listOgImageJobs(LANDING_PATHS, posts)
  const [, ogMs] = await timed(async () => {
    const renderOgImage = await createOgRenderer(faviconSvg)
    await mapWithConcurrency(ogJobs, RENDER_CONCURRENCY, async (job) => out(job.file, await renderOgImage(job.card)))
  })

  const [, iconsMs] = await timed(async () => {
    await mapWithConcurrency(APP_ICONS, RENDER_CONCURRENCY, async (icon) =>
      out(icon.file, await renderSvgToPng(getIconSvg(faviconSvg, icon.source), icon.size)),
    )
    await out(
      'site.webmanifest',
      createWebManifest({
        name: `${BRAND.name} ${BRAND.tagline}`,
        shortName: BRAND.name,
        description: BRAND.storeSubtitle,
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          ...getManifestIcons(APP_ICONS),
        ],
      }),
    )
  })

  const sitemapEntries = createSitemapEntries(LANDING_PATHS, posts)
  await out('sitemap.xml', createSitemapXml(config.publicUrl, sitemapEntries))
  await out('robots.txt', createRobotsTxt(config.publicUrl))

  const [compressed, compressMs] = await timed(() => precompressDir(config.clientDir, availableParallelism()))
  // Last, so the list holds only this build's files and the restored ones are not compressed again.
  const ownFiles = await recordOwnFiles(config.buildDir)
  const restored = await restorePreviousBuild(config.clientDir, path.join(config.webDir, '.previous-build'))

  const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`
  console.log(
    [
      `postbuild: done in ${Math.round(performance.now() - startedAt)} ms`,
      `  ${ogJobs.length} Open Graph images (${ogMs} ms)`,
      `  ${APP_ICONS.length} app icons and site.webmanifest (${iconsMs} ms)`,
      `  sitemap.xml with ${sitemapEntries.length} URLs on ${config.publicUrl}, robots.txt`,
      `  ${pagePaths.length} pages set to hydrate after first paint`,
      `  build/route-rules.json with ${Object.keys(routeRules).length} rules`,
      `  ${getBuildMetaFile(buildMeta.id)} with ${buildMeta.prerendered.length} prerendered paths`,
      `  build/site-config.json: Tag Manager ${config.gtmId ?? 'off'}`,
      `  ${compressed.files} files precompressed (${compressMs} ms): ${kib(compressed.bytes)} -> ` +
        `${kib(compressed.brotliBytes)} br, ${kib(compressed.gzipBytes)} gz`,
      `  ${ownFiles.length} files of this build listed; ${restored} files of the previous build kept`,
    ].join('\n'),
  )
}

try {
  await main()
} catch (error) {
  console.error(`postbuild failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
