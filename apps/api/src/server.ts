import { existsSync } from 'node:fs'

import { Redis } from 'ioredis'

import { createDb } from '@storyreel/db/client'

import { createMailer } from './adapters/mailer/create-mailer.ts'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { loadSite } from './modules/site/site-files.ts'

const SHUTDOWN_TIMEOUT_MS = 10_000

async function main() {
  // The only place that reads process.env and calls listen(). A local .env is optional.
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig(process.env)
  const db = createDb(config.databaseUrl, { queryTimeoutMs: config.databaseTimeoutMs })
  // Committed migrations are applied at start, on PGlite and PostgreSQL alike.
  await db.migrate()
  const site = await loadSite(config.webBuildDir)
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir })
  const app = await buildApp({ config, deps: { site, db, redis, mailer } })

  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    // The app's own close hooks run first (they still send mail and write to the database), then what they use.
    app
      .close()
      .then(async () => {
        await db.close()
        mailer.close()
        redis?.disconnect()
      })
      .then(
        () => process.exit(0),
        () => process.exit(1),
      )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
