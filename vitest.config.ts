import { defineConfig } from 'vitest/config'

import { parseWebEnv } from './apps/web/app/lib/env-schema.ts'

// One Vitest run covers every workspace; Playwright's *.spec.ts files stay out (STYLE §9).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // A worker runs many of these files one after another, so the PGlite instances createTestDb() keeps
          // (packages/db/src/testing.ts) serve them all instead of being started again for each file.
          isolate: false,
          // Starting an embedded PGlite compiles its WebAssembly, which takes seconds on a 2-core machine.
          testTimeout: 20_000,
          hookTimeout: 30_000,
          include: [
            'apps/api/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/web/app/**/*.server.test.ts',
            'apps/web/scripts/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        root: 'apps/web',
        // The public env the Vite build inlines, at its defaults.
        define: {
          __PUBLIC_ENV__: JSON.stringify(parseWebEnv({})),
          __BUILD__: JSON.stringify({ id: 'test-build', timestamp: 0 }),
        },
        test: {
          name: 'web',
          environment: 'node',
          include: ['app/**/*.test.{ts,tsx}'],
          exclude: ['app/**/*.server.test.ts'],
          setupFiles: ['./app/test-setup.ts'],
        },
      },
    ],
  },
})
