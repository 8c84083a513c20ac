import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Document = {
  openapi: string
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; security?: unknown; responses: Record<string, unknown> }>
  >
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> }
}

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the contracts', async () => {
    const response = await t.app.inject('/api/docs/openapi.json')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const document = response.json<Document>()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/register',
        '/api/v1/auth/login',
        '/api/v1/auth/send-confirmation-code',
        '/api/v1/auth/confirm',
        '/api/v1/auth/me',
        '/api/v1/auth/profile',
        '/api/v1/auth/logout',
        '/api/v1/auth/password-reset',
        '/api/v1/auth/password-reset/confirm',
        '/api/v1/auth/password',
        '/api/v1/auth/email-change',
        '/api/v1/auth/email-change/confirm',
        '/api/v1/auth/reauthentication-code',
        '/api/v1/auth/sessions',
        '/api/v1/auth/sessions/{id}',
        '/api/v1/auth/sessions/revoke-others',
        '/api/v1/config',
      ]),
    )
    const register = document.paths['/api/v1/auth/register']?.post
    expect(register?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/RegisterBody' } } },
    })
    expect(register?.responses['201']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthenticatedUser' } } },
    })
    expect(register?.responses.default).toBeDefined()
    expect(document.paths['/api/v1/auth/me']?.get?.security).toEqual([{ userToken: [] }])
    expect(document.paths['/api/v1/auth/sessions']?.get?.security).toEqual([{ userToken: [] }])
    expect(document.paths['/api/v1/auth/password-reset']?.post?.security).toBeUndefined()
    expect(document.components.schemas.RegisterBody?.required).toEqual(['email', 'password'])
    expect(document.components.schemas.ApiError?.required).toEqual(['statusCode', 'error', 'code', 'message'])
    // The docs' own routes and the site are not part of the API contract.
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false)
    expect(JSON.stringify(document)).not.toContain('9007199254740991')
  })

  it("describes scenes' photos and clips, the project's media and the owner's own music", async () => {
    const document = (await t.app.inject('/api/docs/openapi.json')).json<Document>()
    const schemas = document.components.schemas
    for (const name of ['SceneMedia', 'ScenePhoto', 'SceneClip', 'SceneGenerated', 'ProjectMediaAsset', 'FocusPoint'])
      expect(schemas[name], name).toBeDefined()
    expect(schemas.ScenePhoto?.required).toEqual(expect.arrayContaining(['type', 'asset_id']))
    expect(schemas.SceneClip?.properties).toHaveProperty('trim_start')
    expect(schemas.SceneClip?.properties).toHaveProperty('trim_end')
    expect(JSON.stringify(schemas.Scene?.properties?.media)).toContain('#/components/schemas/SceneMedia')
    expect(JSON.stringify(schemas.SceneInput?.properties?.media)).toContain('#/components/schemas/SceneMedia')
    expect(schemas.Project?.required).toContain('media_assets')
    expect(JSON.stringify(schemas.Project?.properties?.media_assets)).toContain('ProjectMediaAsset')
    expect(schemas.ProjectSettings?.properties).toHaveProperty('music_asset_id')
  })
})

describe('GET /api/docs', () => {
  it('is a readable page without scripts, locked down by its own policy', async () => {
    const response = await t.app.inject('/api/docs')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('<h1>StoryReel API</h1>')
    expect(response.body).toContain('/api/v1/auth/register')
    expect(response.body).toContain('Schema <a href="#schema-RegisterBody">RegisterBody</a>')
    expect(response.body).toContain('id="schema-RegisterBody"')
    expect(response.body).not.toContain('<script')
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/,
    )
  })
})
