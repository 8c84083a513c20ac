import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { FastifyInstance, InjectOptions } from 'fastify'

import type { AuthenticatedUser } from '@storyreel/contracts/auth'
import { sessions, users } from '@storyreel/db/schema'
import { createTestDb } from '@storyreel/db/testing'

import { createSmtpMailer } from '#src/adapters/mailer/smtp-mailer.ts'
import { buildApp, type AppDeps } from '#src/app.ts'
import { loadConfig } from '#src/config.ts'
import { createAccessToken } from '#src/modules/auth/token.ts'
import { loadSite, type Site } from '#src/modules/site/site-files.ts'

import { readCode, startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts'

let emptySite: Promise<Site> | undefined

/** A site with only the SPA fallback: API tests do not need the web build. */
function getEmptySite(): Promise<Site> {
  emptySite ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'storyreel-api-site-'))
    await mkdir(path.join(dir, 'client'), { recursive: true })
    await writeFile(path.join(dir, 'client', '__spa-fallback.html'), '<!doctype html><html><body></body></html>')
    const site = await loadSite(dir)
    await rm(dir, { recursive: true, force: true })
    return site
  })()
  return emptySite
}

export type TestApp = {
  app: FastifyInstance
  /** This test app's DATA_DIR (media under media/). */
  dataDir: string
  db: AppDeps['db']
  smtp: SmtpReceiver
  /** Registers and confirms an account through the API, as a person would; returns its session. */
  createUser(input?: {
    email?: string
    password?: string
    firstName?: string
  }): Promise<AuthenticatedUser & { password: string }>
  auth(token: string): { authorization: string }
  close(): Promise<void>
}

let sequence = 0
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}@example.com`
export const GOOD_PASSWORD = 'violet-harbor-ladder-42'

const SESSION_DAYS = 1

/** A confirmed account and a user session for it, written straight to the database: no sign-up mail, no argon2. */
export async function createAccount(
  { db }: Pick<TestApp, 'db'>,
  { plan = 'free' }: { plan?: 'free' | 'paid' } = {},
): Promise<{ id: string; email: string; token: string; headers: { authorization: string } }> {
  const email = uniqueEmail('account')
  const [user] = await db.db.insert(users).values({ email, confirmed: true, plan }).returning()
  if (!user) throw new Error('no user')
  const { token, tokenHash } = createAccessToken()
  await db.db
    .insert(sessions)
    .values({ userId: user.id, tokenHash, kind: 'user', expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
  return { id: user.id, email, token, headers: { authorization: `Bearer ${token}` } }
}

/**
 * buildApp() on a fresh database (PGlite in memory, or a new PostgreSQL database when `databaseUrl` is
 * given), mailing through a real SMTP receiver on 127.0.0.1. With `sharing`, a second instance on that
 * app's database and data folder (its media and media-link secret), as a second server process would be;
 * closing it leaves them to their own app.
 */
export async function createTestApp({
  databaseUrl,
  env = {},
  deps = {},
  sharing,
}: {
  databaseUrl?: string | undefined
  env?: Record<string, string>
  deps?: Partial<AppDeps>
  sharing?: Pick<TestApp, 'db' | 'dataDir'>
} = {}): Promise<TestApp> {
  const [db, smtp, site, dataDir] = await Promise.all([
    sharing?.db ?? createTestDb(databaseUrl),
    startSmtpReceiver(),
    getEmptySite(),
    sharing?.dataDir ?? mkdtemp(path.join(os.tmpdir(), 'storyreel-api-data-')),
  ])
  // Renders run, and webhooks are sent, only in the tests that ask; media and secrets stay in a folder of this test.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    RENDER_WORKERS: '0',
    WEBHOOK_SENDERS: '0',
    ...env,
  })
  const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: config.mail.from })
  const app = await buildApp({ config, deps: { site, db, mailer, ...deps } })
  await app.ready()

  const inject = async (options: InjectOptions & { method: string; url: string }) => {
    const response = await app.inject(options)
    if (response.statusCode >= 400)
      throw new Error(`${options.method} ${options.url}: ${response.statusCode} ${response.body}`)
    return response.json<AuthenticatedUser>()
  }

  return {
    app,
    dataDir,
    db,
    smtp,
    async createUser({ email = uniqueEmail(), password = GOOD_PASSWORD, firstName } = {}) {
      await inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email, password, first_name: firstName },
      })
      const code = readCode(await smtp.waitForMail(email))
      const confirmed = await inject({ method: 'POST', url: '/api/v1/auth/confirm', payload: { email, code } })
      return { ...confirmed, password }
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close()
      mailer.close()
      await smtp.close()
      if (sharing) return
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
