import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

import { describe, expect, it } from 'vitest'

import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('localhost')
    expect(config.trustProxy).toBe(false)
    expect(config.webBuildDir).toMatch(/apps\/web\/build$/)
  })

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*PUBLIC_URL[\s\S]*LOG_LEVEL/,
    )
  })

  it('turns a sign-in provider on only when its client id is set, never with half a Discord setup', () => {
    const off = loadConfig({ GOOGLE_CLIENT_ID: '', APPLE_ID: '' })
    expect(off.identity).toEqual({ google: undefined, apple: undefined, discord: undefined })
    const on = loadConfig({
      GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com',
      APPLE_ID: 'app.storyreel.web',
      APPLE_REDIRECT_URI: 'https://storyreel.app/auth/login',
      DISCORD_CLIENT_ID: '123',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_REDIRECT_URI: 'https://storyreel.app/auth/discord',
      DISCORD_API_URL: 'http://127.0.0.1:9999/api/',
    })
    expect(on.identity.google).toMatchObject({
      clientId: 'web.apps.googleusercontent.com',
      issuer: 'https://accounts.google.com',
    })
    expect(on.identity.apple).toMatchObject({
      clientId: 'app.storyreel.web',
      jwksUrl: 'https://appleid.apple.com/auth/keys',
    })
    expect(on.identity.discord).toMatchObject({ clientSecret: 'secret', apiUrl: 'http://127.0.0.1:9999/api' })
    expect(() => loadConfig({ DISCORD_CLIENT_ID: '123' })).toThrow(/DISCORD_\*/)
  })

  it('keeps media on local disk unless MEDIA_STORE=s3 names a bucket, and checks the S3 settings together', () => {
    expect(loadConfig({}).studio).toMatchObject({ s3: undefined, mediaDelivery: 'proxy' })
    const s3 = loadConfig({
      MEDIA_STORE: 's3',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_ACCESS_KEY_ID: 'key',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_DELIVERY: 'redirect',
    }).studio
    expect(s3).toMatchObject({
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        bucket: 'media',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
      mediaDelivery: 'redirect',
    })
    expect(loadConfig({ MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'media' }).studio.s3?.credentials).toBeUndefined()
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/MEDIA_S3_BUCKET: required/)
    expect(() => loadConfig({ MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'b', MEDIA_S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /MEDIA_S3_\*: set MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY together/,
    )
    expect(() => loadConfig({ MEDIA_DELIVERY: 'redirect' })).toThrow(/MEDIA_DELIVERY: redirect needs MEDIA_STORE=s3/)
    expect(() => loadConfig({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/)
  })

  it('reads the admin e-mails and the CORS origins as lists', () => {
    const config = loadConfig({
      ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
    })
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com'])
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://localhost:5173'])
    expect(() => loadConfig({ ADMIN_EMAILS: 'not-an-email' })).toThrow(/ADMIN_EMAILS/)
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/)
  })

  it('uses SMTP only when SMTP_URL is set', () => {
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined()
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525')
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/)
  })

  it('logs a sample of requests by default, and only the modes and rates it knows', () => {
    expect(loadConfig({}).accessLog).toEqual({ mode: 'sampled', sampleRate: 0.01 })
    expect(loadConfig({ ACCESS_LOG: 'full' }).accessLog.mode).toBe('full')
    expect(loadConfig({ ACCESS_LOG: 'sampled', ACCESS_LOG_SAMPLE_RATE: '0.25' }).accessLog.sampleRate).toBe(0.25)
    expect(() => loadConfig({ ACCESS_LOG: 'verbose' })).toThrow(/ACCESS_LOG/)
    expect(() => loadConfig({ ACCESS_LOG_SAMPLE_RATE: '0' })).toThrow(/ACCESS_LOG_SAMPLE_RATE/)
    expect(() => loadConfig({ ACCESS_LOG_SAMPLE_RATE: '1.5' })).toThrow(/ACCESS_LOG_SAMPLE_RATE/)
  })

  it('accepts .env.example as it stands, and it names every variable the server reads', () => {
    const example = parseEnv(readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8'))
    expect(() => loadConfig(example)).not.toThrow()
    const source = readFileSync(path.resolve(import.meta.dirname, 'config.ts'), 'utf8')
    const schemaKeys = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1])
    const exampleText = readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8')
    expect(schemaKeys.length).toBeGreaterThan(25)
    for (const key of schemaKeys) expect(exampleText).toMatch(new RegExp(`^#? ?${key}=`, 'm'))
  })
})
