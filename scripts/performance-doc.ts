import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { ROOT } from './build-state.ts'

const DOC = path.join(ROOT, 'docs/performance.md')
const HEADER =
  "# Performance\n\nFigures written by the benchmark scripts on this repository's 2-core machine. Re-run them after changes.\n"

/** Replaces one benchmark's section of docs/performance.md, keeping the others. */
export function writePerformanceSection(name: string, markdown: string): void {
  const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : HEADER
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const stamped = `${start}\n${markdown}\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.\n${end}`
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`)
  writeFileSync(DOC, pattern.test(current) ? current.replace(pattern, stamped) : `${current.trimEnd()}\n\n${stamped}\n`)
}
