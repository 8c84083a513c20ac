import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { z } from 'zod'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const booleanFromString = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1')

/** Every environment variable the server reads, parsed once at start (STYLE §4). */
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
  TRUST_PROXY: booleanFromString,
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  RATE_LIMIT_PREFIX: z.string().min(1).default('storyreel-rl:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Config = {
  port: number
  host: string
  publicUrl: string
  webBuildDir: string
  dataDir: string
  /** postgres://… for PostgreSQL; otherwise the embedded PGlite database lives under dataDir. */
  databaseUrl: string
  trustProxy: boolean
  /** Rate-limit counters go to Redis when set, so several instances share them; in memory otherwise. */
  redisUrl: string | undefined
  rateLimitPrefix: string
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`)
  }
  const parsed = result.data
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl: parsed.PUBLIC_URL.replace(/\/$/, ''),
    webBuildDir: path.resolve(parsed.WEB_BUILD_DIR),
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL ?? path.join(path.resolve(parsed.DATA_DIR), 'pglite'),
    trustProxy: parsed.TRUST_PROXY,
    redisUrl: parsed.REDIS_URL,
    rateLimitPrefix: parsed.RATE_LIMIT_PREFIX,
    logLevel: parsed.LOG_LEVEL,
  }
}
