import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'

import { StyleListSchema, VIDEO_STYLES } from '@storyreel/contracts/studio'

import { registerErrorHandler } from '#src/plugins/error-handler.ts'
import { registerRateLimit } from '#src/plugins/rate-limit.ts'
import { registerZodSchemas } from '#src/plugins/zod-schemas.ts'

import { registerStyleRoutes } from './styles.routes.ts'

describe('GET /api/v1/styles', () => {
  it('lists every style a project may have, with its name and a line on its look, to anyone', async () => {
    const app = Fastify()
    registerZodSchemas(app)
    await registerRateLimit(app, {})
    registerErrorHandler(app)
    registerStyleRoutes(app, { perMinute: 10 })
    const response = await app.inject({ url: '/api/v1/styles' })
    expect(response.statusCode, response.body).toBe(200)
    const { styles } = StyleListSchema.parse(response.json())
    expect(styles.map((style) => style.id)).toEqual([...VIDEO_STYLES])
    expect(styles.find((style) => style.id === '3d-cartoon')).toMatchObject({ name: '3D Cartoon' })
    for (const style of styles) expect(style.description.length).toBeGreaterThan(5)
    await app.close()
  })
})
