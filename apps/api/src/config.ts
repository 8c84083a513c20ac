import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { z } from 'zod'

import type { EngineOptions, HostedApiConfig } from '@storyreel/engine/engine'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** An empty value means "not set", so `.env.example` can list every variable blank. */
const optionalString = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
const optionalUrl = z
  .union([z.literal(''), z.url()])
  .optional()
  .transform((value) => value || undefined)

const booleanFromString = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1')

/** Every environment variable the server reads, parsed once at start. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  WEB_BUILD_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/build')),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  TRUST_PROXY: booleanFromString,
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  RATE_LIMIT_PREFIX: z.string().min(1).default('storyreel-rl:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG: z.enum(['off', 'sampled', 'full']).default('sampled'),
  ACCESS_LOG_SAMPLE_RATE: z.coerce.number().gt(0).max(1).default(0.01),
  SMTP_URL: z
    .union([z.literal(''), z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')])
    .optional()
    .transform((value) => value || undefined),
  MAIL_FROM: z.string().min(3).default('StoryReel <no-reply@storyreel.app>'),
  CORS_ORIGINS: z.string().default(''),
  ADMIN_EMAILS: z.string().default(''),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_ID: optionalString,
  APPLE_REDIRECT_URI: optionalUrl,
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_REDIRECT_URI: optionalUrl,
  DISCORD_API_URL: z.url().default('https://discord.com/api/v10'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  REFERRAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  REFERRAL_CODES_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).default(20),
  STUDIO_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  MEDIA_DIR: optionalString,
  MEDIA_S3_ENDPOINT: optionalUrl,
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_BUCKET: optionalString,
  MEDIA_S3_ACCESS_KEY_ID: optionalString,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
  MEDIA_S3_FORCE_PATH_STYLE: booleanFromString,
  MEDIA_DELIVERY: z.enum(['proxy', 'redirect']).default('proxy'),
  MEDIA_SIGNING_SECRET: z
    .union([z.literal(''), z.string().min(32, 'must be at least 32 characters')])
    .optional()
    .transform((value) => value || undefined),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
  RENDER_WORKERS: z.coerce.number().int().min(0).max(8).default(1),
  RENDER_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
  THUMBNAIL_THREADS: z.coerce.number().int().min(1).max(8).default(1),
  SCRIPT_API_URL: optionalUrl,
  SCRIPT_API_KEY: optionalString,
  SCRIPT_API_MODEL: z.string().min(1).default('gpt-4o-mini'),
  TTS_API_URL: optionalUrl,
  TTS_API_KEY: optionalString,
  TTS_API_MODEL: z.string().min(1).default('tts-1'),
  IMAGE_API_URL: optionalUrl,
  IMAGE_API_KEY: optionalString,
  IMAGE_API_MODEL: z.string().min(1).default('gpt-image-1'),
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  PEXELS_API_KEY: optionalString,
  PEXELS_API_URL: z.url().default('https://api.pexels.com'),
  PEXELS_MEDIA_HOSTS: z.string().default('videos.pexels.com,images.pexels.com'),
  PIXABAY_API_KEY: optionalString,
  PIXABAY_API_URL: z.url().default('https://pixabay.com/api'),
  PIXABAY_MEDIA_HOSTS: z.string().default('cdn.pixabay.com,pixabay.com'),
  STOCK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(10),
  /** Tests only: their stand-ins listen on 127.0.0.1. Ignored unless NODE_ENV is test. */
  OUTGOING_ALLOW_LOOPBACK: booleanFromString,
  /**
   * Webhooks may reach loopback, private and link-local addresses, and plain http: for tests and self-hosters
   * whose receivers share a private network with the server. Off, only public https endpoints are called.
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanFromString,
  /** How many webhook deliveries one process sends at once. 0 stops this process sending (another does). */
  WEBHOOK_SENDERS: z.coerce.number().int().min(0).max(64).default(4),
  NODE_ENV: optionalString,
})

const emailList = z.array(z.email())
const originList = z.array(z.url().regex(/^https?:\/\/[^/]+$/, 'must be an origin: scheme, host and port only'))

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

export type Config = {
  port: number
  host: string
  publicUrl: string
  webBuildDir: string
  dataDir: string
  /** postgres://… for PostgreSQL; otherwise the embedded PGlite database lives under dataDir. */
  databaseUrl: string
  /** The longest wait for one database answer; past it the API answers 503 DATABASE_UNAVAILABLE. */
  databaseTimeoutMs: number
  trustProxy: boolean
  /** Rate-limit counters go to Redis when set, so several instances share them; in memory otherwise. */
  redisUrl: string | undefined
  rateLimitPrefix: string
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  /** One line per answered request: every 5xx, plus none, a random share or all of the others (decision 023). */
  accessLog: { mode: z.infer<typeof EnvSchema>['ACCESS_LOG']; sampleRate: number }
  mail: { smtpUrl: string | undefined; from: string }
  /** Browser origins other than our own that may call the API (the site itself is same-origin). */
  corsOrigins: string[]
  /** Accounts with these e-mails (lower-cased) are admins. */
  adminEmails: string[]
  identity: IdentityConfig
  rateLimits: {
    authPerMinute: number
    sessionPerMinute: number
    referralPerMinute: number
    studioPerMinute: number
    /** Calls each API key may make in a minute, across every route and instance. */
    apiKeyPerMinute: number
  }
  /** New Free Week codes one network address may take in a UTC day, whatever its cookies (decision 021). */
  referralCodesPerAddressPerDay: number
  studio: StudioConfig
  /** Stock photos and footage: a provider is on when its key is set. */
  stock: StockConfig
  webhooks: WebhooksConfig
}

export type WebhooksConfig = {
  /** Loopback, private and link-local addresses and plain http allowed (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean
  /** Deliveries sent at once by this process; 0: none (a separate process sends them). */
  senders: number
}

export type { HostedApiConfig }

/** An S3-compatible bucket: AWS S3, MinIO, Cloudflare R2 and the like. */
export type S3StoreConfig = {
  /** Unset for AWS itself; the store's URL otherwise (http://127.0.0.1:9000, https://<account>.r2.cloudflarestorage.com). */
  endpoint: string | undefined
  region: string
  bucket: string
  /** Both or neither: neither leaves the SDK's own chain (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  /** bucket in the path (MinIO, most emulators) rather than in the host name. */
  forcePathStyle: boolean
}

export type StudioConfig = {
  /** Project media (renders, previews, reusable scene parts) on local disk: DATA_DIR/media unless set. */
  mediaDir: string
  /** Media in an S3-compatible bucket instead of mediaDir (decision 034); mediaDir then holds only scratch files. */
  s3: S3StoreConfig | undefined
  /** 'proxy': media links stream through the API; 'redirect': they answer 302 to a presigned store URL (decision 033). */
  mediaDelivery: 'proxy' | 'redirect'
  /** Signs media URLs. Unset, a random secret is kept in DATA_DIR; several instances must share one. */
  mediaSigningSecret: string | undefined
  mediaUrlTtlSeconds: number
  /** The music library shipped in the repository (content/music, made by `npm run music:render`). */
  musicDir: string
  /** Render workers inside this process; 0 leaves rendering to `npm run worker` processes. */
  renderWorkers: number
  /** A worker that has not reported for this long loses its job to another (it died); the job is retried. */
  renderLeaseMs: number
  /** Threads of the server that draw storyboard thumbnails, apart from renders (decision 025). */
  thumbnailThreads: number
  script: HostedApiConfig | undefined
  tts: HostedApiConfig | undefined
  images: HostedApiConfig | undefined
  /** ffmpeg and ffprobe to run instead of the builds shipped inside npm packages (a system build, say). */
  ffmpegPath: string | undefined
  ffprobePath: string | undefined
}

/** What the render engine is told: the hosted APIs, the music library, the reusable cache and ffmpeg. */
export function getEngineOptions(studio: StudioConfig): EngineOptions {
  return {
    script: studio.script,
    tts: studio.tts,
    images: studio.images,
    musicDir: studio.musicDir,
    cacheDir: path.join(studio.mediaDir, 'cache'),
    ffmpegPath: studio.ffmpegPath,
    ffprobePath: studio.ffprobePath,
  }
}

export type StockProviderConfig = {
  apiKey: string
  /** The API's base URL: the only host searches go to. */
  apiUrl: string
  /** The only hosts its photos and clips are fetched from. */
  mediaHosts: string[]
}

export type StockConfig = {
  pexels: StockProviderConfig | undefined
  pixabay: StockProviderConfig | undefined
  timeoutMs: number
  /** The stand-ins of tests listen on 127.0.0.1: loopback is allowed only then. */
  allowLoopback: boolean
}

/** A provider is on only when its public client id (and, for Discord, its secret and redirect) is set. */
export type IdentityConfig = {
  google: { clientId: string; issuer: string; jwksUrl: string } | undefined
  apple: { clientId: string; redirectUri: string | undefined; issuer: string; jwksUrl: string } | undefined
  discord: { clientId: string; clientSecret: string; redirectUri: string; apiUrl: string } | undefined
}

export class ConfigError extends Error {}

function hostedApi(url: string | undefined, apiKey: string | undefined, model: string): HostedApiConfig | undefined {
  return url ? { url: url.replace(/\/$/, ''), apiKey, model } : undefined
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`)
  }
  const parsed = result.data
  const problems: string[] = []
  const adminEmails = emailList.safeParse(splitList(parsed.ADMIN_EMAILS.toLowerCase()))
  if (!adminEmails.success) problems.push('  ADMIN_EMAILS: must be a comma-separated list of e-mail addresses')
  const corsOrigins = originList.safeParse(splitList(parsed.CORS_ORIGINS))
  if (!corsOrigins.success) problems.push('  CORS_ORIGINS: must be a comma-separated list of origins (https://host)')
  const discordParts = [parsed.DISCORD_CLIENT_ID, parsed.DISCORD_CLIENT_SECRET, parsed.DISCORD_REDIRECT_URI]
  if (discordParts.some(Boolean) && !discordParts.every(Boolean)) {
    problems.push('  DISCORD_*: set DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_REDIRECT_URI together')
  }
  if (parsed.MEDIA_STORE === 's3' && !parsed.MEDIA_S3_BUCKET) {
    problems.push('  MEDIA_S3_BUCKET: required when MEDIA_STORE=s3')
  }
  if (Boolean(parsed.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(parsed.MEDIA_S3_SECRET_ACCESS_KEY)) {
    problems.push('  MEDIA_S3_*: set MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY together')
  }
  if (parsed.MEDIA_DELIVERY === 'redirect' && parsed.MEDIA_STORE !== 's3') {
    problems.push('  MEDIA_DELIVERY: redirect needs MEDIA_STORE=s3 (local files have no URL of their own)')
  }
  if (problems.length > 0 || !adminEmails.success || !corsOrigins.success) {
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`)
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl: parsed.PUBLIC_URL.replace(/\/$/, ''),
    webBuildDir: path.resolve(parsed.WEB_BUILD_DIR),
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL ?? path.join(path.resolve(parsed.DATA_DIR), 'pglite'),
    databaseTimeoutMs: parsed.DATABASE_TIMEOUT_MS,
    trustProxy: parsed.TRUST_PROXY,
    redisUrl: parsed.REDIS_URL,
    rateLimitPrefix: parsed.RATE_LIMIT_PREFIX,
    logLevel: parsed.LOG_LEVEL,
    accessLog: { mode: parsed.ACCESS_LOG, sampleRate: parsed.ACCESS_LOG_SAMPLE_RATE },
    mail: { smtpUrl: parsed.SMTP_URL, from: parsed.MAIL_FROM },
    corsOrigins: corsOrigins.data,
    adminEmails: adminEmails.data,
    identity: {
      google: parsed.GOOGLE_CLIENT_ID
        ? { clientId: parsed.GOOGLE_CLIENT_ID, issuer: parsed.GOOGLE_ISSUER, jwksUrl: parsed.GOOGLE_JWKS_URL }
        : undefined,
      apple: parsed.APPLE_ID
        ? {
            clientId: parsed.APPLE_ID,
            redirectUri: parsed.APPLE_REDIRECT_URI,
            issuer: parsed.APPLE_ISSUER,
            jwksUrl: parsed.APPLE_JWKS_URL,
          }
        : undefined,
      discord:
        parsed.DISCORD_CLIENT_ID && parsed.DISCORD_CLIENT_SECRET && parsed.DISCORD_REDIRECT_URI
          ? {
              clientId: parsed.DISCORD_CLIENT_ID,
              clientSecret: parsed.DISCORD_CLIENT_SECRET,
              redirectUri: parsed.DISCORD_REDIRECT_URI,
              apiUrl: parsed.DISCORD_API_URL.replace(/\/$/, ''),
            }
          : undefined,
    },
    rateLimits: {
      authPerMinute: parsed.AUTH_RATE_LIMIT_PER_MINUTE,
      sessionPerMinute: parsed.SESSION_RATE_LIMIT_PER_MINUTE,
      referralPerMinute: parsed.REFERRAL_RATE_LIMIT_PER_MINUTE,
      studioPerMinute: parsed.STUDIO_RATE_LIMIT_PER_MINUTE,
      apiKeyPerMinute: parsed.API_KEY_RATE_LIMIT_PER_MINUTE,
    },
    referralCodesPerAddressPerDay: parsed.REFERRAL_CODES_PER_ADDRESS_PER_DAY,
    webhooks: { allowPrivateAddresses: parsed.WEBHOOK_ALLOW_PRIVATE_ADDRESSES, senders: parsed.WEBHOOK_SENDERS },
    stock: {
      pexels: parsed.PEXELS_API_KEY
        ? {
            apiKey: parsed.PEXELS_API_KEY,
            apiUrl: parsed.PEXELS_API_URL.replace(/\/$/, ''),
            mediaHosts: splitList(parsed.PEXELS_MEDIA_HOSTS),
          }
        : undefined,
      pixabay: parsed.PIXABAY_API_KEY
        ? {
            apiKey: parsed.PIXABAY_API_KEY,
            apiUrl: parsed.PIXABAY_API_URL.replace(/\/$/, ''),
            mediaHosts: splitList(parsed.PIXABAY_MEDIA_HOSTS),
          }
        : undefined,
      timeoutMs: parsed.STOCK_TIMEOUT_SECONDS * 1000,
      allowLoopback: parsed.OUTGOING_ALLOW_LOOPBACK && parsed.NODE_ENV === 'test',
    },
    studio: {
      mediaDir: path.resolve(parsed.MEDIA_DIR ?? path.join(parsed.DATA_DIR, 'media')),
      s3:
        parsed.MEDIA_STORE === 's3' && parsed.MEDIA_S3_BUCKET
          ? {
              endpoint: parsed.MEDIA_S3_ENDPOINT?.replace(/\/$/, ''),
              region: parsed.MEDIA_S3_REGION,
              bucket: parsed.MEDIA_S3_BUCKET,
              credentials:
                parsed.MEDIA_S3_ACCESS_KEY_ID && parsed.MEDIA_S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: parsed.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: parsed.MEDIA_S3_SECRET_ACCESS_KEY }
                  : undefined,
              forcePathStyle: parsed.MEDIA_S3_FORCE_PATH_STYLE,
            }
          : undefined,
      mediaDelivery: parsed.MEDIA_DELIVERY,
      mediaSigningSecret: parsed.MEDIA_SIGNING_SECRET,
      mediaUrlTtlSeconds: parsed.MEDIA_URL_TTL_SECONDS,
      musicDir: path.join(REPO_ROOT, 'content/music'),
      renderWorkers: parsed.RENDER_WORKERS,
      renderLeaseMs: parsed.RENDER_LEASE_SECONDS * 1000,
      thumbnailThreads: parsed.THUMBNAIL_THREADS,
      script: hostedApi(parsed.SCRIPT_API_URL, parsed.SCRIPT_API_KEY, parsed.SCRIPT_API_MODEL),
      tts: hostedApi(parsed.TTS_API_URL, parsed.TTS_API_KEY, parsed.TTS_API_MODEL),
      images: hostedApi(parsed.IMAGE_API_URL, parsed.IMAGE_API_KEY, parsed.IMAGE_API_MODEL),
      ffmpegPath: parsed.FFMPEG_PATH,
      ffprobePath: parsed.FFPROBE_PATH,
    },
  }
}
