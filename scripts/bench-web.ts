import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { startServer } from './bench-server.ts'
import { ensureBuild, ROOT } from './build-state.ts'
import { writePerformanceSection } from './performance-doc.ts'

// `npm run bench:web`: Lighthouse (its default mobile preset, simulated throttling), median of 3 runs per page.
const RUNS = 3
const PAGES = [
  '/',
  '/pricing',
  '/blog/step-by-step-guide-creating-a-cinematic-masterpiece-with-ai-video-generators-and-music',
]
const CLIENT_DIR = path.join(ROOT, 'apps/web/build/client')

type Run = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
  jsTransferBytes: number
  /** Lighthouse's reading of this machine's speed at the time of the run (higher is faster). */
  benchmarkIndex: number
}

/**
 * Brotli bytes of every script a page loads to become interactive: the modules its inline script
 * imports and, recursively, their static imports (dynamic imports inside chunks load later, on demand).
 */
function firstLoadJsBrotli(pagePath: string): number {
  const htmlFile = path.join(CLIENT_DIR, pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`)
  const html = readFileSync(htmlFile, 'utf8')
  const pending = [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1] ?? '')
  const seen = new Set<string>()
  let total = 0
  while (pending.length > 0) {
    const script = pending.pop() ?? ''
    if (seen.has(script)) continue
    seen.add(script)
    const file = path.join(CLIENT_DIR, script)
    total += statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g))
      pending.push(`/assets/${match[1]}`)
  }
  return total
}

/** Each figure's own median over the runs (the run with the median score may not have the median TBT). */
function median(runs: Run[]): Run {
  const of = (key: keyof Run) => {
    const sorted = runs.map((run) => run[key]).sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  }
  return Object.fromEntries(Object.keys(runs[0] ?? {}).map((key) => [key, of(key as keyof Run)])) as Run
}

/**
 * Lighthouse runs a page again when a run fails: a runtimeError (no trace of the load, say), or a figure the
 * table reads that is not a number (no LCP found, a category without a score). A failed run has no figures for
 * a median.
 */
const ATTEMPTS = 3

async function audit(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const failure = result.lhr.runtimeError
    const run = failure ? undefined : readRun(result.lhr)
    const missing = run && Object.entries(run).find(([, value]) => !Number.isFinite(value))?.[0]
    if (run && !missing) return run
    const reason = failure ? `${failure.code}: ${failure.message}` : `no figure for ${missing}`
    console.warn(`${url}: Lighthouse run ${attempt} failed (${reason})`)
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${reason}`)
  }
}

function readRun(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): Run {
  const { categories, audits } = lhr
  // A category without a score (an audit of it failed) reads NaN, so the run is taken again.
  const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100)
  const requests = (
    audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> }
  )?.items
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsTransferBytes: (requests ?? [])
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

ensureBuild()
const server = await startServer(3302)
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
})
const rows: string[] = []
const tbtRuns: string[] = []
const benchmarkIndexes: number[] = []
try {
  // A first audit warms Chrome itself (its own start-up tasks would otherwise land in the first page's TBT);
  // its figures are thrown away, so a failure there stops nothing.
  await audit(`${server.url}/`, chrome.port).catch((error: unknown) => console.warn(`Warm-up: ${String(error)}`))
  for (const page of PAGES) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${page}`, chrome.port))
    const m = median(runs)
    const label = page.length > 30 ? `${page.slice(0, 30)}…` : page
    rows.push(
      `| ${label} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${(m.lcpMs / 1000).toFixed(2)} s | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${(m.jsTransferBytes / 1024).toFixed(1)} KB | ${(firstLoadJsBrotli(page) / 1024).toFixed(1)} KB |`,
    )
    console.log(
      `${page}: performance ${runs.map((run) => run.performance).join(', ')}; TBT ${runs.map((run) => Math.round(run.tbtMs)).join(', ')} ms`,
    )
    tbtRuns.push(`${label} ${runs.map((run) => Math.round(run.tbtMs)).join(', ')} ms`)
    benchmarkIndexes.push(...runs.map((run) => Math.round(run.benchmarkIndex)))
  }
} finally {
  chrome.kill()
  await server.stop()
}
const buildInfo = JSON.parse(readFileSync(path.join(ROOT, 'apps/web/build/build-info.json'), 'utf8')) as {
  buildMs?: number
}
const table = [
  '| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | JS transferred | First-load JS (brotli) |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n')
console.log(table)
const speed = `Lighthouse's BenchmarkIndex for this machine over these runs: ${Math.min(...benchmarkIndexes)} to ${Math.max(...benchmarkIndexes)}.`
console.log(speed)
writePerformanceSection(
  'web',
  `## Lighthouse (npm run bench:web)\n\nMobile preset, simulated throttling, median of ${RUNS} runs (each figure its own median), Debian's chromium.\n\n${table}\n\nTotal blocking time of each run: ${tbtRuns.join('; ')}.\n\n${speed}\n\nLast build took ${((buildInfo.buildMs ?? 0) / 1000).toFixed(1)} s.\n`,
)
