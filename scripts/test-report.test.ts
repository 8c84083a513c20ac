import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { ROOT } from './build-state.ts'
import { readPlaywright, readVitest } from './test-report.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'test-report-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, report: unknown): string {
  const file = path.join(dir, name)
  writeFileSync(file, JSON.stringify(report))
  return file
}

describe('the summary at the end of npm test', () => {
  it('names each failed Vitest test with the first line of its error, and a file that failed before its tests', () => {
    const file = write('vitest.json', {
      numPassedTests: 2,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: path.join(ROOT, 'apps/api/src/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed' },
            {
              fullName: 'limits › a sixth call is refused',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 200 to be 429\u001b[39m\n    at a.test.ts:12:3'],
            },
          ],
        },
        {
          name: path.join(ROOT, 'packages/db/src/b.test.ts'),
          status: 'failed',
          message: 'Error: connect ECONNREFUSED 127.0.0.1:5432\n    at x',
          assertionResults: [],
        },
        {
          name: path.join(ROOT, 'c.test.ts'),
          status: 'passed',
          assertionResults: [{ fullName: 'c', status: 'passed' }],
        },
      ],
    })
    expect(readVitest(file)).toEqual({
      passed: 2,
      failed: 1,
      skipped: 1,
      failures: [
        'apps/api/src/a.test.ts › limits › a sixth call is refused: AssertionError: expected 200 to be 429',
        'packages/db/src/b.test.ts: Error: connect ECONNREFUSED 127.0.0.1:5432',
      ],
    })
  })

  it('names each unexpected Playwright result with its file, line and describe blocks; a flaky pass is a pass', () => {
    const file = write('e2e.json', {
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 0 },
      errors: [{ message: 'Error: web server did not start\nmore' }],
      suites: [
        {
          title: 'tests/pricing.spec.ts',
          file: 'tests/pricing.spec.ts',
          specs: [
            {
              title: 'top level',
              file: 'tests/pricing.spec.ts',
              line: 3,
              tests: [{ status: 'expected', results: [{}] }],
            },
          ],
          suites: [
            {
              title: 'the header',
              file: 'tests/pricing.spec.ts',
              specs: [
                {
                  title: 'Sign in opens the form',
                  file: 'tests/pricing.spec.ts',
                  line: 40,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [
                        { error: { message: 'first try' } },
                        { error: { message: 'Timeout 5000ms exceeded.\nCall log' } },
                      ],
                    },
                  ],
                },
                {
                  title: 'retried',
                  file: 'tests/pricing.spec.ts',
                  line: 50,
                  tests: [{ status: 'flaky', results: [] }],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(readPlaywright(file)).toEqual({
      passed: 4,
      failed: 1,
      skipped: 0,
      failures: [
        'tests/pricing.spec.ts:40 › the header › Sign in opens the form: Timeout 5000ms exceeded.',
        'Playwright: Error: web server did not start',
      ],
    })
  })

  it('counts a missing report as a failure', () => {
    expect(readVitest(path.join(dir, 'none.json'))).toMatchObject({ passed: 0, failed: 1 })
    expect(readPlaywright(path.join(dir, 'none.json'))).toMatchObject({ passed: 0, failed: 1 })
  })
})
