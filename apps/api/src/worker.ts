import { existsSync } from 'node:fs'

import pino from 'pino'

import { createDb } from '@storyreel/db/client'
import { createRenderRunner } from '@storyreel/engine/engine'

import { ConfigError, getEngineOptions, loadConfig } from './config.ts'
import { createMediaStore } from './adapters/media/create-media-store.ts'
import { createAssetConversions } from './modules/assets/asset-conversions.ts'
import { createAssetsRepository } from './modules/assets/assets.repository.ts'
import { createProjectsRepository } from './modules/projects/projects.repository.ts'
import { createRenderJobsRepository } from './modules/projects/render-jobs.repository.ts'
import { createRenderWorker } from './modules/projects/render-worker.ts'

/**
 * `npm run worker`: render workers (and the media library's conversions) as a process of their own, for scaling out. They share the
 * queue with the servers through PostgreSQL; the servers then run with RENDER_WORKERS=0.
 */
async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig(process.env)
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new ConfigError(
      'npm run worker shares the render queue through PostgreSQL: set DATABASE_URL. With the embedded ' +
        'database the server renders in its own process (RENDER_WORKERS).',
    )
  }
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel })
  const db = createDb(config.databaseUrl, { queryTimeoutMs: config.databaseTimeoutMs })
  await db.migrate()
  const renderJobs = createRenderJobsRepository(db.db)
  const projects = createProjectsRepository(db.db)
  const media = createMediaStore(config.studio)
  // The media library's clips and tracks are converted in the same queue, when no render waits.
  const assets = createAssetsRepository(db.db)
  const conversions = createAssetConversions({
    assets,
    media,
    log,
    leaseMs: config.studio.renderLeaseMs,
  })
  const workers = Array.from({ length: Math.max(1, config.studio.renderWorkers) }, () =>
    createRenderWorker({
      renderJobs,
      projects,
      runner: createRenderRunner(getEngineOptions(config.studio)),
      media,
      assets,
      log,
      leaseMs: config.studio.renderLeaseMs,
      conversions,
    }),
  )
  for (const worker of workers) worker.start()
  log.info({ workers: workers.map((worker) => worker.workerId) }, 'render workers started')

  const shutdown = (signal: string) => {
    log.info({ signal }, 'render workers stopping')
    void Promise.all(workers.map((worker) => worker.stop()))
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
