import { defineConfig, devices } from '@playwright/test'

import { E2E_PORT as PORT, getProductEnv, STAND_INS } from './support/stand-ins-config.ts'

export const BASE_URL = `http://127.0.0.1:${PORT}`

// Debian's chromium, never a downloaded browser; flags keep it off the (closed) network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  // Nothing outside this machine resolves: third-party SDK URLs are answered by page.route() stand-ins.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // SMTP, the identity provider and Discord on 127.0.0.1 (support/stand-ins.ts).
      command: 'node support/stand-ins.ts',
      url: `${STAND_INS.url}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The same server `npm start` runs, on the build `npm test` made beforehand.
      command: 'node ../apps/api/src/server.ts',
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: '../test-results/e2e-data',
        PUBLIC_URL: BASE_URL,
        ...getProductEnv(),
      },
    },
  ],
})
