import path from 'node:path'

import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'

import type { Redis } from 'ioredis'

import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_TIMEOUT_SECONDS } from '@storyreel/contracts/webhooks'
import type { DbHandle } from '@storyreel/db/client'
import {
  createOutgoingFetch,
  createMusicLibrary,
  createRenderRunner,
  createScriptEngine,
  isHostedScriptEngine,
  createStillRunner,
  createVoiceEngine,
  type ScriptEngine,
  type StillRunner,
  type VoiceEngine,
} from '@storyreel/engine/engine'

import { createIdentityVerifiers } from './adapters/identity/create-identity-verifiers.ts'
import type { IdentityVerifiers } from './adapters/identity/identity-verifier.ts'
import { getSignInSdkSources } from './adapters/identity/sdk-sources.ts'
import type { Mailer } from './adapters/mailer/mailer.ts'
import { createMediaStore, getMediaSources } from './adapters/media/create-media-store.ts'
import { createMediaLinks, resolveMediaSecret } from './adapters/media/media-links.ts'
import { renderWebhookDisabledEmail } from './modules/auth/account-emails.ts'
import { getEngineOptions, type Config } from './config.ts'
import { AppError, toErrorBody } from './errors.ts'
import { registerAdminRoutes } from './modules/admin/admin.routes.ts'
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository.ts'
import { registerApiKeyHooks, registerApiKeyRoutes } from './modules/api-keys/api-keys.routes.ts'
import { createApiKeysService } from './modules/api-keys/api-keys.service.ts'
import { createAssetConversions } from './modules/assets/asset-conversions.ts'
import { createAssetsRepository } from './modules/assets/assets.repository.ts'
import { registerAssetRoutes } from './modules/assets/assets.routes.ts'
import { createAssetsService, type PlanLimits } from './modules/assets/assets.service.ts'
import { createAdminService } from './modules/admin/admin.service.ts'
import { createAuditLogRepository } from './modules/admin/audit-log.repository.ts'
import { createAccountCodes } from './modules/auth/account-codes.ts'
import { createAccountMail } from './modules/auth/account-mail.ts'
import { registerAccountRoutes } from './modules/auth/account.routes.ts'
import { createAccountSessionsService } from './modules/auth/account-sessions.service.ts'
import { registerAuthRoutes } from './modules/auth/auth.routes.ts'
import { createAuthService } from './modules/auth/auth.service.ts'
import { createEmailChangeService } from './modules/auth/email-change.service.ts'
import { createEmailCodesRepository } from './modules/auth/email-codes.repository.ts'
import { createLoginAttemptsRepository } from './modules/auth/login-attempts.repository.ts'
import { createPasswordHasher, type PasswordHasher } from './modules/auth/password.ts'
import { createPasswordsService } from './modules/auth/passwords.service.ts'
import { registerProviderLoginRoutes } from './modules/auth/provider-login.routes.ts'
import { createProviderLoginService } from './modules/auth/provider-login.service.ts'
import { createSessionCache } from './modules/auth/session-cache.ts'
import { createSessionInvalidation } from './modules/auth/session-invalidation.ts'
import { createSessionsRepository } from './modules/auth/sessions.repository.ts'
import { musicAudioUrl, registerMusicRoutes } from './modules/music/music.routes.ts'
import { registerMediaRoutes } from './modules/projects/media.routes.ts'
import { createAssetFileCache } from './modules/projects/project-media.ts'
import { createProjectsRepository } from './modules/projects/projects.repository.ts'
import { registerProjectRoutes } from './modules/projects/projects.routes.ts'
import { createProjectsService } from './modules/projects/projects.service.ts'
import { createRenderJobsRepository } from './modules/projects/render-jobs.repository.ts'
import { createRenderWorker } from './modules/projects/render-worker.ts'
import { createScenePreviewer } from './modules/projects/scene-previewer.ts'
import { createSceneThumbnails } from './modules/projects/scene-thumbnails.ts'
import { registerMcpRoutes } from './modules/mcp/mcp.routes.ts'
import { registerPublicConfigRoutes } from './modules/public-config/public-config.routes.ts'
import { createBrandKitRepository } from './modules/brand-kit/brand-kit.repository.ts'
import { createBatchesRepository } from './modules/batches/batches.repository.ts'
import { registerBatchRoutes } from './modules/batches/batches.routes.ts'
import { createBatchesService } from './modules/batches/batches.service.ts'
import { registerBrandKitRoutes } from './modules/brand-kit/brand-kit.routes.ts'
import { createBrandKitService } from './modules/brand-kit/brand-kit.service.ts'
import { createStockProviders, getStockSources } from './modules/stock/stock-providers.ts'
import { registerStyleRoutes } from './modules/styles/styles.routes.ts'
import { createTemplatesRepository } from './modules/templates/templates.repository.ts'
import { registerTemplateRoutes } from './modules/templates/templates.routes.ts'
import { createTemplatesService } from './modules/templates/templates.service.ts'
import { registerStockRoutes } from './modules/stock/stock.routes.ts'
import { createStockService } from './modules/stock/stock.service.ts'
import { createRedeemCodesRepository } from './modules/referrals/redeem-codes.repository.ts'
import { createReferralClaimsRepository } from './modules/referrals/referral-claims.repository.ts'
import { registerReferralRoutes } from './modules/referrals/referrals.routes.ts'
import { createReferralsService } from './modules/referrals/referrals.service.ts'
import type { Site } from './modules/site/site-files.ts'
import { registerSiteRoutes } from './modules/site/site.routes.ts'
import { getTagManagerSources } from './modules/site/tag-manager-sources.ts'
import { createUsersRepository } from './modules/users/users.repository.ts'
import { createUsersService } from './modules/users/users.service.ts'
import { registerVoiceRoutes } from './modules/voices/voices.routes.ts'
import { createWebhookEvents } from './modules/webhooks/webhook-events.ts'
import { createWebhookSender } from './modules/webhooks/webhook-sender.ts'
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.ts'
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes.ts'
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts'
import { createIdempotencyKeysRepository } from './modules/videos/idempotency-keys.repository.ts'
import { registerVideoRoutes } from './modules/videos/videos.routes.ts'
import { createVideosService } from './modules/videos/videos.service.ts'
import { registerCors } from './plugins/cors.ts'
import { handleClientError, registerErrorHandler } from './plugins/error-handler.ts'
import { AccessLogController, createLoggerOptions, createRequestLogger } from './plugins/logging.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerRateLimit } from './plugins/rate-limit.ts'
import { registerRequestDeadline } from './plugins/request-deadline.ts'
import { mergeExternalSources, registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerZodSchemas } from './plugins/zod-schemas.ts'

export type AppDeps = {
  site: Site
  db: DbHandle
  mailer: Mailer
  redis?: Redis
  /** Tests pass a cheaper hasher or a fixed clock; production uses the defaults. */
  hasher?: PasswordHasher
  now?: () => Date
  /** Where log lines go instead of stdout; tests read them. */
  logStream?: { write(line: string): void }
  /** Sign-in provider verifiers; by default built from config.identity. */
  identity?: IdentityVerifiers
  /** Studio engines used by the API process itself; by default built from config.studio. */
  scriptEngine?: ScriptEngine
  voiceEngine?: VoiceEngine
  /** Draws storyboard thumbnails; by default threads of this process (config.studio.thumbnailThreads). */
  stillRunner?: StillRunner
  /** How long a request's body may take to arrive, uploads aside; tests shorten it. */
  requestDeadlineMs?: number
  /** The media library's limits per plan, by default the contracts' PLAN_LIMITS; tests pass small ones. */
  planLimits?: PlanLimits
  /** How long an upload may send nothing before it is dropped; tests shorten it. */
  uploadIdleMs?: number
}

/** Revocations reach every instance at once; this bounds an entry's life should a message be lost. */
const SESSION_CACHE_TTL_MS = 30_000

/** Every request but an upload must have arrived whole within this (plugins/request-deadline.ts). */
const REQUEST_DEADLINE_MS = 30_000
/** The longest an upload may take, however steadily it arrives: 2 GB at 1 Mbit/s. */
const UPLOAD_TIMEOUT_MS = 5 * 3600_000
/** Deleted assets no render needs, and abandoned uploads, are cleared this often. */
const ASSET_HOUSEKEEPING_MS = 10 * 60_000

/** Local copies of library photos and clips kept for stills and previews, at most this much disk. */
const ASSET_FILE_CACHE_BYTES = 1024 ** 3

/** A readiness probe that hangs would hold a load balancer's check open; answer within this bound. */
const READY_TIMEOUT_MS = 2000

/** Builds the whole server without listening, so tests can inject() requests. */
export async function buildApp({ config, deps }: { config: Config; deps: AppDeps }): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { ...createLoggerOptions(config.logLevel), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // Redaction, the error serializer and the access-log modes: decision 023.
    logController: new AccessLogController(config.accessLog),
    childLoggerFactory: createRequestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 16 * 1024,
    // Node's limit applies to the whole server, so it is the uploads' bound; other routes have a deadline of
    // their own (registerRequestDeadline).
    requestTimeout: UPLOAD_TIMEOUT_MS,
    routerOptions: { ignoreDuplicateSlashes: false },
    http: { requireHostHeader: false },
    clientErrorHandler: handleClientError,
    // Errors the router raises before any handler runs (a malformed URL, an over-long parameter) get the
    // one error shape too, with the code named like every other one.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
      void reply.code(status).send(toErrorBody(status, error.code.replace(/^FST_ERR_/, ''), error.message))
    },
  })
  app.decorateRequest('session', null)
  registerZodSchemas(app)
  registerSecurityHeaders(app)
  registerRequestDeadline(app, { deadlineMs: deps.requestDeadlineMs ?? REQUEST_DEADLINE_MS })
  registerCors(app, { origins: config.corsOrigins })
  await registerRateLimit(app, { redis: deps.redis, keyPrefix: config.rateLimitPrefix })
  registerErrorHandler(app)
  registerOpenApi(app, { version: '1.0.0', serverUrl: config.publicUrl })

  app.get('/healthz', (_request, reply) => reply.send({ status: 'ok' }))
  app.get('/readyz', async (_request, reply) => {
    const ready = await Promise.race([
      deps.db.ping().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref()),
    ])
    if (!ready) throw new AppError('DATABASE_UNAVAILABLE', 503, 'The database is not reachable right now.')
    return reply.send({ status: 'ready', database: deps.db.kind })
  })

  const db = deps.db.db
  const users = createUsersService({ repository: createUsersRepository(db), adminEmails: config.adminEmails })
  // Sessions are cached only where every instance hears about a revocation at once: the embedded database
  // serves one process, and Redis carries the news between several. PostgreSQL alone reads every time.
  const sessionCache =
    deps.db.kind === 'pglite' || deps.redis
      ? createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 50_000 })
      : undefined
  const invalidation = sessionCache
    ? createSessionInvalidation({
        redis: deps.redis,
        channel: `${config.rateLimitPrefix}session-invalidation`,
        log: app.log,
        onInvalidate: (message) =>
          message.kind === 'token' ? sessionCache.forgetToken(message.id) : sessionCache.forgetUser(message.id),
      })
    : undefined
  // The studio's projects are made further down; an account's deletion reaches them through this.
  let deleteStudioData: (userId: string) => Promise<void> = () => Promise.resolve()
  const now = deps.now ?? (() => new Date())
  const sessions = createSessionsRepository(db)
  const apiKeysRepository = createApiKeysRepository(db)
  const emailCodes = createEmailCodesRepository(db)
  const loginAttempts = createLoginAttemptsRepository(db)
  const codes = createAccountCodes({ db, emailCodes, now })
  const accountMail = createAccountMail({ mailer: deps.mailer, log: app.log })
  const hasher = deps.hasher ?? createPasswordHasher()
  const auth = createAuthService({
    beforeAccountDeleted: (userId) => deleteStudioData(userId),
    sessionCache,
    invalidate: invalidation ? (message) => invalidation.publish(message) : undefined,
    db,
    users,
    sessions,
    apiKeys: apiKeysRepository,
    emailCodes,
    codes,
    mail: accountMail,
    loginAttempts,
    hasher,
    publicUrl: config.publicUrl,
    log: app.log,
    now: deps.now,
  })
  registerApiKeyHooks(app, { auth, perMinute: config.rateLimits.apiKeyPerMinute })
  const passwords = createPasswordsService({
    db,
    auth,
    users,
    sessions,
    loginAttempts,
    codes,
    mail: accountMail,
    hasher,
    publicUrl: config.publicUrl,
    now,
  })
  app.addHook('onReady', async () => {
    await users.promoteConfiguredAdmins()
    await invalidation?.ready()
  })
  app.addHook('onClose', async () => {
    await Promise.all([auth.drain(), accountMail.drain()])
    invalidation?.close()
  })

  const scriptEngine = deps.scriptEngine ?? createScriptEngine(config.studio.script)
  registerPublicConfigRoutes(app, config.identity, {
    isScriptWriterHosted: isHostedScriptEngine(scriptEngine.name),
    hasImageEngine: config.studio.images !== undefined,
    stock: [...(config.stock.pexels ? ['pexels' as const] : []), ...(config.stock.pixabay ? ['pixabay' as const] : [])],
  })
  registerAuthRoutes(app, { auth, passwords, limits: config.rateLimits })
  registerAccountRoutes(app, {
    auth,
    passwords,
    emailChange: createEmailChangeService({
      db,
      auth,
      users,
      codes,
      mail: accountMail,
      publicUrl: config.publicUrl,
      now,
    }),
    accountSessions: createAccountSessionsService({ auth, sessions, now }),
    limits: config.rateLimits,
  })
  registerApiKeyRoutes(app, {
    apiKeys: createApiKeysService({ db, keys: apiKeysRepository, users, auth, now }),
    auth,
    perMinute: config.rateLimits.sessionPerMinute,
  })
  registerProviderLoginRoutes(app, {
    providerLogin: createProviderLoginService({
      auth,
      verifiers: deps.identity ?? createIdentityVerifiers(config.identity),
      log: app.log,
    }),
    limits: config.rateLimits,
  })
  const referrals = createReferralsService({
    repository: createRedeemCodesRepository(db),
    claims: createReferralClaimsRepository(db),
    db,
    claimsPerAddressPerDay: config.referralCodesPerAddressPerDay,
    now: deps.now,
  })
  const admin = createAdminService({
    db,
    users,
    auth,
    referrals,
    auditLog: createAuditLogRepository(db),
    now: deps.now,
  })
  registerAdminRoutes(app, { admin, auth, limits: config.rateLimits })

  // The studio: engines, media, the render queue and its in-process workers.
  const studio = config.studio
  const media = createMediaStore(studio)
  const links = createMediaLinks({
    secret: resolveMediaSecret(studio.mediaSigningSecret, config.dataDir),
    ttlSeconds: studio.mediaUrlTtlSeconds,
    now: deps.now,
  })
  const voiceEngine = deps.voiceEngine ?? createVoiceEngine(studio.tts)
  const music = createMusicLibrary({ dir: studio.musicDir, audioUrl: musicAudioUrl })
  const renderJobs = createRenderJobsRepository(db)
  const projectsRepository = createProjectsRepository(db)
  const engineOptions = getEngineOptions(studio)
  const previewRunner = createRenderRunner(engineOptions)
  const stillRunner =
    deps.stillRunner ?? createStillRunner({ images: engineOptions.images, threads: studio.thumbnailThreads })
  // Local copies of the owner's photos and clips that stills and previews show, shared by both.
  const assetFiles = createAssetFileCache({ media, maxBytes: ASSET_FILE_CACHE_BYTES })
  const thumbnails = createSceneThumbnails({ runner: stillRunner, media, links, log: app.log, files: assetFiles })
  const assetsRepository = createAssetsRepository(db)
  // The assets service is made further down, after the workers it wakes; a finished render reaches it here.
  let purgeDeletedAssets = () => {}
  // The webhook sender is made further down; a finished render wakes it so its event goes out at once.
  let wakeWebhookSender = () => {}
  const conversions = createAssetConversions({
    assets: assetsRepository,
    media,
    log: app.log,
    leaseMs: studio.renderLeaseMs,
    planLimits: deps.planLimits,
  })
  const workers = Array.from({ length: studio.renderWorkers }, () =>
    createRenderWorker({
      renderJobs,
      projects: projectsRepository,
      runner: createRenderRunner(engineOptions),
      media,
      assets: assetsRepository,
      log: app.log,
      leaseMs: studio.renderLeaseMs,
      conversions,
      onRenderDone: () => {
        purgeDeletedAssets()
        wakeWebhookSender()
      },
    }),
  )
  const projects = createProjectsService({
    db,
    projects: projectsRepository,
    renderJobs,
    scriptEngine,
    voices: voiceEngine,
    hasMusicTrack: (id) => music.getTrack(id) !== undefined,
    assets: assetsRepository,
    hasImageEngine: studio.images !== undefined,
    media,
    links,
    previewer: createScenePreviewer(previewRunner, media, app.log, assetFiles),
    thumbnails,
    onRenderQueued: () => workers.forEach((worker) => worker.wake()),
    brandKits: createBrandKitRepository(db),
    now: deps.now,
  })
  const assets = createAssetsService({
    assets: assetsRepository,
    media,
    links,
    scratchDir: path.join(studio.mediaDir, 'scratch'),
    log: app.log,
    onConversionQueued: () => workers.forEach((worker) => worker.wake()),
    planLimits: deps.planLimits,
    uploadIdleMs: deps.uploadIdleMs,
    onDeleted: (prefix) => {
      assetFiles
        .forget(prefix)
        .catch((error: unknown) => app.log.warn({ err: error, prefix }, 'local copies of a deleted asset not removed'))
    },
    now: deps.now,
  })
  const brandKits = createBrandKitService({
    kits: createBrandKitRepository(db),
    assets,
    media,
    scratchDir: path.join(studio.mediaDir, 'scratch'),
    uploadIdleMs: deps.uploadIdleMs,
  })
  deleteStudioData = async (userId) => {
    await projects.deleteAllForUser(userId)
    await assets.deleteAllForUser(userId)
    await brandKits.deleteAllForUser(userId)
  }
  registerBrandKitRoutes(app, { kits: brandKits, auth, perMinute: config.rateLimits.studioPerMinute })
  const templates = createTemplatesService({
    templates: createTemplatesRepository(db),
    projects,
    stills: stillRunner,
    media,
    voices: voiceEngine,
  })
  registerTemplateRoutes(app, { templates, auth, perMinute: config.rateLimits.studioPerMinute })
  const videos = createVideosService({ projects, templates, idempotencyKeys: createIdempotencyKeysRepository(db) })
  registerVideoRoutes(app, { videos, auth, perMinute: config.rateLimits.studioPerMinute })
  registerBatchRoutes(app, {
    batches: createBatchesService({
      batches: createBatchesRepository(db),
      videos,
      projects,
      templates,
      hasVoice: (id) => voiceEngine.getVoice(id) !== undefined,
      media,
      links,
      now: deps.now,
    }),
    auth,
    links,
    perMinute: config.rateLimits.studioPerMinute,
  })
  registerMcpRoutes(app, { origin: config.publicUrl, perMinute: config.rateLimits.studioPerMinute })
  registerAssetRoutes(app, { assets, auth, perMinute: config.rateLimits.studioPerMinute })
  purgeDeletedAssets = () => {
    assets.purgeDeleted().catch((error: unknown) => app.log.warn({ err: error }, 'asset housekeeping failed'))
  }
  const housekeeping = setInterval(purgeDeletedAssets, ASSET_HOUSEKEEPING_MS)
  housekeeping.unref()
  app.addHook('onClose', (_instance, done) => {
    clearInterval(housekeeping)
    done()
  })
  registerProjectRoutes(app, { projects, auth, perMinute: config.rateLimits.studioPerMinute })
  registerStockRoutes(app, {
    stock: createStockService(createStockProviders(config.stock)),
    assets,
    projects,
    auth,
    perMinute: config.rateLimits.studioPerMinute,
  })
  registerMediaRoutes(app, {
    links,
    media,
    delivery: studio.mediaDelivery,
    perMinute: config.rateLimits.studioPerMinute * 10,
  })
  registerVoiceRoutes(app, {
    voices: voiceEngine,
    cacheDir: path.join(studio.mediaDir, 'cache', 'voice-previews'),
    perMinute: config.rateLimits.studioPerMinute,
  })
  registerMusicRoutes(app, { library: music, perMinute: config.rateLimits.studioPerMinute })

  // Webhooks: the outbox is filled from what renders, batches and assets record, and sent by this process
  // unless WEBHOOK_SENDERS=0 (decision 063).
  const webhooksRepository = createWebhooksRepository(db)
  const webhookSender = createWebhookSender({
    webhooks: webhooksRepository,
    events: createWebhookEvents({ db, webhooks: webhooksRepository, publicUrl: config.publicUrl }),
    fetch: createOutgoingFetch({
      hosts: 'any',
      timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
      maxRedirects: 0,
      allowLoopback: config.webhooks.allowPrivateAddresses,
    }),
    concurrency: Math.max(1, config.webhooks.senders),
    log: app.log,
    onEndpointDisabled: async (endpoint) => {
      const owner = await users.getById(endpoint.userId)
      if (!owner) return
      accountMail.send(
        () =>
          renderWebhookDisabledEmail({
            to: owner.email,
            firstName: owner.firstName,
            url: endpoint.url,
            days: WEBHOOK_DISABLE_AFTER_DAYS,
            publicUrl: config.publicUrl,
          }),
        { kind: 'webhook disabled', userId: owner.id },
      )
    },
  })
  wakeWebhookSender = () => webhookSender.wake()
  registerWebhookRoutes(app, {
    webhooks: createWebhooksService({
      db,
      webhooks: webhooksRepository,
      allowPrivateAddresses: config.webhooks.allowPrivateAddresses,
      wakeSender: () => webhookSender.wake(),
    }),
    auth,
    perMinute: config.rateLimits.sessionPerMinute,
  })
  registerStyleRoutes(app, { perMinute: config.rateLimits.studioPerMinute })
  app.addHook('onReady', (done) => {
    for (const worker of workers) worker.start()
    if (config.webhooks.senders > 0) webhookSender.start()
    done()
  })
  // Before the server's own onClose hooks (which close the database): a render in progress is handed back
  // to the queue while the database still answers.
  app.addHook('preClose', async () => {
    await Promise.all([...workers.map((worker) => worker.stop()), webhookSender.stop()])
    previewRunner.close()
    await stillRunner.close()
    await thumbnails.drain()
    await assetFiles.close()
  })
  registerReferralRoutes(app, { referrals, perMinute: config.rateLimits.referralPerMinute })
  registerSiteRoutes(app, deps.site, {
    external: mergeExternalSources(
      getSignInSdkSources(config.identity),
      getTagManagerSources(deps.site.config),
      getMediaSources(studio),
      getStockSources(config.stock),
    ),
  })
  return app
}
