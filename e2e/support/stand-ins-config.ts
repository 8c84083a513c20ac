import { stockStandInEnv } from '@storyreel/api/testing/stock-stand-in'

/**
 * Local addresses of the product and its stand-ins, shared by the Playwright config, the stand-ins and the
 * tests. Everything follows E2E_PORT, so two checkouts can run their browser tests side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
const HTTP_PORT = E2E_PORT + 4
const APP_ORIGIN = `http://127.0.0.1:${E2E_PORT}`

export const STAND_INS = {
  httpPort: HTTP_PORT,
  smtpPort: E2E_PORT + 3,
  /** Pexels and Pixabay: their search APIs and their media files, on one port of their own. */
  stockUrl: `http://127.0.0.1:${E2E_PORT + 5}`,
  stockPort: E2E_PORT + 5,
  url: `http://127.0.0.1:${HTTP_PORT}`,
  googleClientId: 'e2e-web.apps.googleusercontent.com',
  googleIssuer: `http://127.0.0.1:${HTTP_PORT}/google`,
  appleClientId: 'app.storyreel.e2e',
  appleIssuer: `http://127.0.0.1:${HTTP_PORT}/apple`,
  discordClientId: 'e2e-discord-client',
  discordClientSecret: 'e2e-discord-secret',
  discordRedirectUri: `${APP_ORIGIN}/auth/discord`,
  adminEmail: 'admin@e2e.test',
} as const

/**
 * Public values the browser tests' web build is made with (`npm test` passes them to the build). The Tag
 * Manager id only names the container: chromium reaches no outside host, and the consent spec answers
 * googletagmanager.com requests itself.
 */
export const E2E_BUILD_ENV = { VITE_GTM_ID: 'GTM-E2ETEST' } as const

/** The product's environment for the browser tests: every provider pointed at the stand-ins. */
export function getProductEnv(): Record<string, string> {
  return {
    SMTP_URL: `smtp://127.0.0.1:${STAND_INS.smtpPort}`,
    ADMIN_EMAILS: STAND_INS.adminEmail,
    GOOGLE_CLIENT_ID: STAND_INS.googleClientId,
    GOOGLE_ISSUER: STAND_INS.googleIssuer,
    GOOGLE_JWKS_URL: `${STAND_INS.url}/jwks`,
    APPLE_ID: STAND_INS.appleClientId,
    APPLE_REDIRECT_URI: `${APP_ORIGIN}/auth/login`,
    APPLE_ISSUER: STAND_INS.appleIssuer,
    APPLE_JWKS_URL: `${STAND_INS.url}/jwks`,
    DISCORD_CLIENT_ID: STAND_INS.discordClientId,
    DISCORD_CLIENT_SECRET: STAND_INS.discordClientSecret,
    DISCORD_REDIRECT_URI: STAND_INS.discordRedirectUri,
    DISCORD_API_URL: `${STAND_INS.url}/discord/api`,
    // Stock photos and clips from the Pexels and Pixabay stand-in (the loopback exception needs NODE_ENV=test).
    ...stockStandInEnv({ url: STAND_INS.stockUrl }),
    // Every browser test signs up from 127.0.0.1; the per-IP limits have their own API tests.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    STUDIO_RATE_LIMIT_PER_MINUTE: '10000',
  }
}
