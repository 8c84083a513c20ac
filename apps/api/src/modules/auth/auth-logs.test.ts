import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readCode } from '#src/testing/smtp-receiver.ts'
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from '#src/testing/test-app.ts'

describe('the logs of the accounts API', () => {
  const lines: string[] = []
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'trace', ACCESS_LOG: 'full', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      deps: { logStream: { write: (line: string) => void lines.push(line) } },
    })
  })
  afterAll(() => t.close())

  it('never hold a password, a code or a token, whatever the level', async () => {
    const email = uniqueEmail('logs')
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: GOOD_PASSWORD },
    })
    const code = readCode(await t.smtp.waitForMail(email))
    const confirm = await t.app.inject({ method: 'POST', url: '/api/v1/auth/confirm', payload: { email, code } })
    const token = confirm.json<{ access_token: string }>().access_token
    await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}`, cookie: 'sr_visitor=secret' },
    })
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'wrong-password-9' } })
    const log = lines.join('')
    // One access line per request in full mode, and the outbox and mail lines around them.
    expect(lines.length).toBeGreaterThanOrEqual(4)
    expect(log).toContain('/api/v1/auth/me')
    for (const secret of [
      GOOD_PASSWORD,
      'wrong-password-9',
      code,
      token,
      register.json<{ access_token: string }>().access_token,
    ]) {
      expect(log).not.toContain(secret)
    }
    expect(log).not.toContain('sr_visitor=secret')
  })
})
