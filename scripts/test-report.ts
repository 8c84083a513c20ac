import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

import { ROOT } from './build-state.ts'

// The counts `npm test` prints at its end, read from the Vitest and Playwright JSON reports.
// `failures` names each failed test with the first line of its error, for `npm test` to print after its counts:
// a CI log is often read from its tail, and a failure scrolled far above the summary would otherwise go unnamed.
export type Counts = { passed: number; failed: number; skipped: number; failures: string[] }

/** A failure's name and the first line of its error, when it has one. */
function withError(name: string, message: string | undefined): string {
  const line = stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((text) => text.trim() !== '')
  return line ? `${name}: ${line.trim().slice(0, 300)}` : name
}

export function readVitest(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: ['Vitest wrote no report'] }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
    numTodoTests: number
    testResults: {
      name: string
      status: string
      message?: string
      assertionResults: { fullName: string; status: string; failureMessages?: string[] }[]
    }[]
  }
  const failures: string[] = []
  for (const suite of report.testResults) {
    const testFile = path.relative(ROOT, suite.name)
    const failed = suite.assertionResults.filter((test) => test.status === 'failed')
    for (const test of failed) failures.push(withError(`${testFile} › ${test.fullName}`, test.failureMessages?.[0]))
    // A file that fails before its tests run (an import error, a failing beforeAll) has no failed test of its own.
    if (suite.status === 'failed' && failed.length === 0) failures.push(withError(testFile, suite.message))
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  }
}

type PlaywrightSuite = {
  title: string
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    file: string
    line: number
    tests: { status: string; results: { error?: { message?: string } }[] }[]
  }[]
}

// The report's outer suites are the spec files (titled by their path); the ones inside are `describe` blocks.
function playwrightFailures(suite: PlaywrightSuite, titles: string[]): string[] {
  const failures: string[] = []
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected') continue
      const error = test.results.findLast((result) => result.error)?.error
      failures.push(withError(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`, error?.message))
    }
  }
  for (const child of suite.suites ?? []) failures.push(...playwrightFailures(child, [...titles, child.title]))
  return failures
}

export function readPlaywright(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: ['Playwright wrote no report'] }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number }
    suites: PlaywrightSuite[]
    errors?: { message?: string }[]
  }
  const failures = report.suites.flatMap((suite) => playwrightFailures(suite, []))
  for (const error of report.errors ?? []) failures.push(withError('Playwright', error.message))
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
    failures,
  }
}
