import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { UserSchema } from '@storyreel/contracts/auth'

import { registerErrorHandler } from './error-handler.ts'
import { registerRateLimit } from './rate-limit.ts'
import { compileResponseSerializer, registerZodSchemas } from './zod-schemas.ts'

const USER = {
  id: '602c15e7-2817-433c-aaea-4be0e6e4a6c3',
  email: 'someone@example.com',
  first_name: null,
  last_name: 'Lovelace',
  confirmed: true,
  role: 'user',
  sign_in_methods: ['password', 'google'],
  created_at: '2026-11-22T12:07:22.735Z',
}

describe('response serializers', () => {
  it('write exactly what parsing with the contract would', () => {
    const serialize = compileResponseSerializer(UserSchema)
    expect(JSON.parse(serialize(USER))).toEqual(UserSchema.parse(USER))
  })

  it('leave out every field the contract does not name, at any depth', async () => {
    const app = Fastify()
    registerZodSchemas(app)
    await registerRateLimit(app, {})
    registerErrorHandler(app)
    const Schema = z.object({ user: UserSchema, users: z.array(UserSchema) })
    app.get('/leaky', { schema: { response: { 200: Schema } } }, () => ({
      user: { ...USER, passwordHash: '$argon2id$secret' },
      users: [{ ...USER, disabled: false }],
      internal: true,
    }))
    const response = await app.inject({ url: '/leaky' })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('argon2id')
    expect(response.body).not.toContain('disabled')
    expect(response.body).not.toContain('internal')
    expect(response.json()).toEqual({ user: UserSchema.parse(USER), users: [UserSchema.parse(USER)] })
    await app.close()
  })

  it('fail the call when a required field is missing', async () => {
    const app = Fastify()
    registerZodSchemas(app)
    await registerRateLimit(app, {})
    registerErrorHandler(app)
    const { email: _email, ...withoutEmail } = USER
    app.get('/broken', { schema: { response: { 200: UserSchema } } }, () => withoutEmail)
    const response = await app.inject({ url: '/broken' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain(USER.id)
    await app.close()
  })

  it('still parse with zod a contract that fills in defaults or transforms values', () => {
    const serialize = compileResponseSerializer(
      z.object({ page: z.number().default(1), name: z.string().transform((name) => name.toUpperCase()) }),
    )
    expect(JSON.parse(serialize({ name: 'ada', extra: 1 }))).toEqual({ page: 1, name: 'ADA' })
  })
})
