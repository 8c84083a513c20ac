import { afterEach, describe, expect, it, vi } from 'vitest'

import { ZOD_JITLESS_SCRIPT } from './zod-jitless.ts'

describe('ZOD_JITLESS_SCRIPT', () => {
  afterEach(() => {
    vi.resetModules()
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig
  })

  it('makes zod start jitless, so it never probes eval under the CSP', async () => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig
    vi.resetModules()
    // Runs the exact inline script the page ships, as the browser does before any module.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const runHeadScript = new Function(ZOD_JITLESS_SCRIPT) as () => void
    runHeadScript()
    const probe = vi.spyOn(globalThis, 'Function')
    const { z } = await import('zod')
    expect(z.config().jitless).toBe(true)
    expect(z.object({ code: z.string() }).parse({ code: 'A1' })).toEqual({ code: 'A1' })
    expect(probe).not.toHaveBeenCalled()
  })
})
