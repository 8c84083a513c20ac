import { createServer, type AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CreatedApiKeySchema, type ApiKeyScope } from '@storyreel/contracts/api-keys'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import {
  MCP_TOOLS,
  McpQueuedVideoSchema,
  McpRerolledSceneSchema,
  McpVideoListSchema,
  McpVideoSchema,
} from '@storyreel/contracts/mcp'
import { MusicListSchema, StyleListSchema, VIDEO_STYLES, VoiceListSchema } from '@storyreel/contracts/studio'
import { TemplateListSchema } from '@storyreel/contracts/templates'
import { eq } from '@storyreel/db/operators'
import { renderJobs } from '@storyreel/db/schema'

import { createAccount, createTestApp, type TestApp } from '#src/testing/test-app.ts'

import { createHttpApi } from './api-call.ts'
import { callTool } from './mcp-server.ts'

const STDIO_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../mcp-stdio.ts')
const PUBLIC_URL = 'https://storyreel.example'
const SCRIPT =
  'The lighthouse keeper climbs the spiral stairs at dusk. ' +
  'Waves crash against the black rocks below, throwing white spray into the wind. ' +
  'He lights the great lamp, and its beam sweeps across the stormy sea. ' +
  'Far away, a small fishing boat turns toward the light and heads for home.'
const ALL_SCOPES: ApiKeyScope[] = ['projects:read', 'projects:write', 'renders:write', 'templates:read']
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
}

type Account = Awaited<ReturnType<typeof createAccount>>

/** The text of a tool's answer: its JSON, or the refusal the model reads. */
function textOf(result: Awaited<ReturnType<Client['callTool']>> | CallToolResult): string {
  const [content] = (result as CallToolResult).content
  return content?.type === 'text' ? content.text : ''
}

describe('MCP server at /mcp and over stdio', () => {
  let t: TestApp
  let url: string

  /** A confirmed account on the paid plan, so the day's renders never run out here. */
  const createPaidAccount = () => createAccount(t, { plan: 'paid' })

  async function createKey(account: Account, scopes: ApiKeyScope[]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: t.auth(account.token),
      payload: { name: 'Assistant', scopes },
    })
    expect(response.statusCode, response.body).toBe(201)
    return CreatedApiKeySchema.parse(response.json())
  }

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'storyreel-test', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    )
    return client
  }

  /** A tool's structured answer, failing the test with the refusal's text when it is one. */
  async function callOk(client: Client, name: string, args: Record<string, unknown> = {}) {
    const result = await client.callTool({ name, arguments: args })
    expect(result.isError, textOf(result)).toBeFalsy()
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent)
    return result.structuredContent
  }

  async function callRefused(client: Client, name: string, args: Record<string, unknown> = {}) {
    const result = await client.callTool({ name, arguments: args })
    expect(result.isError).toBe(true)
    return textOf(result)
  }

  const postMcp = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
    fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    // RENDER_WORKERS is 0 in test apps: a queued render stays queued until a test moves it on.
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        STUDIO_RATE_LIMIT_PER_MINUTE: '100000',
        API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
      },
    })
    url = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => t.close())

  it('lists the nine tools with the contracts’ input schemas, objects with no $ref', async () => {
    const account = await createPaidAccount()
    const client = await connect((await createKey(account, ['projects:read'])).secret)
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(MCP_TOOLS).sort())
    expect(tools).toHaveLength(9)
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(JSON.stringify(tool)).not.toContain('$ref')
      expect(tool.description?.length).toBeGreaterThan(40)
    }
    const create = tools.find((tool) => tool.name === 'create_video')
    expect(Object.keys(create?.inputSchema.properties ?? {})).toEqual([
      'prompt',
      'script',
      'title',
      'settings',
      'template_id',
      'brand',
      'resolution',
      'idempotency_key',
    ])
    expect(create?.inputSchema.properties?.settings).toMatchObject({
      type: 'object',
      properties: { style: { enum: [...VIDEO_STYLES] } },
    })
    expect(create?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false })
    const getVideo = tools.find((tool) => tool.name === 'get_video')
    expect(getVideo?.inputSchema.required).toEqual(['project_id'])
    expect(getVideo?.annotations?.readOnlyHint).toBe(true)
    await client.close()
  })

  it('makes a video at once, then follows its render, its links, a reroll and a new render', async () => {
    const account = await createPaidAccount()
    const client = await connect((await createKey(account, ALL_SCOPES)).secret)

    const created = McpQueuedVideoSchema.parse(
      await callOk(client, 'create_video', { script: SCRIPT, title: 'The keeper', settings: { style: 'anime' } }),
    )
    const first = created.render_id
    expect(created.status_url).toBe(`${PUBLIC_URL}/api/v1/projects/${created.project_id}/renders/${first}`)
    expect(created.next_step).toContain('get_video')
    const ids = { project_id: created.project_id }

    const queued = McpVideoSchema.parse(await callOk(client, 'get_video', ids))
    expect(queued).toMatchObject({ title: 'The keeper', render_id: first, status: 'queued', progress: 0, links: null })
    expect(queued.scenes).toBeUndefined()
    expect(await callRefused(client, 'render_video', ids)).toMatch(/^RENDER_IN_PROGRESS \(409\): /)

    await t.db.db
      .update(renderJobs)
      .set({ status: 'running', stage: 'visuals', progress: 42 })
      .where(eq(renderJobs.id, first))
    const running = McpVideoSchema.parse(await callOk(client, 'get_video', { ...ids, render_id: first }))
    expect(running).toMatchObject({ status: 'running', stage: 'visuals', stage_label: 'Drawing the scenes' })
    expect(running.progress).toBe(42)
    expect(running.next_step).toContain('42%')

    const prefix = `projects/${created.project_id}/renders/${first}`
    await t.db.db
      .update(renderJobs)
      .set({
        status: 'succeeded',
        stage: 'done',
        progress: 100,
        finishedAt: new Date(),
        outputs: {
          videoKey: `${prefix}/video.mp4`,
          posterKey: `${prefix}/poster.jpg`,
          thumbnailKey: `${prefix}/thumbnail.jpg`,
          srtKey: `${prefix}/captions.srt`,
          vttKey: `${prefix}/captions.vtt`,
          receiptKey: `${prefix}/receipt.json`,
          durationSeconds: 20,
          width: 720,
          height: 1280,
          sizeBytes: 1000,
          renderSeconds: 10,
          stageSeconds: {},
        },
      })
      .where(eq(renderJobs.id, first))
    const done = McpVideoSchema.parse(await callOk(client, 'get_video', { ...ids, include_scenes: true }))
    expect(done).toMatchObject({ status: 'succeeded', progress: 100 })
    expect(done.links?.video_url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/media/${prefix}/video\\.mp4\\?`))
    expect(done.links?.download_url).toContain('download=The-keeper.mp4')
    const scene = done.scenes?.[1]
    if (!scene) throw new Error('no scenes')
    expect(done.scenes?.map((each) => each.narration).join(' ')).toContain('heads for home')

    const rerolled = McpRerolledSceneSchema.parse(await callOk(client, 'reroll_scene', { ...ids, scene_id: scene.id }))
    expect(rerolled.scene).toEqual(scene)
    expect(rerolled.thumbnail_url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/projects/${created.project_id}/scenes/`))

    const again = McpQueuedVideoSchema.parse(await callOk(client, 'render_video', ids))
    expect(again.render_id).not.toBe(first)
    expect(McpVideoSchema.parse(await callOk(client, 'get_video', ids))).toMatchObject({
      render_id: again.render_id,
      status: 'queued',
    })
    expect(McpVideoSchema.parse(await callOk(client, 'get_video', { ...ids, render_id: first })).status).toBe(
      'succeeded',
    )

    const list = McpVideoListSchema.parse(await callOk(client, 'list_videos'))
    expect(list.total).toBe(1)
    expect(list.projects[0]).toMatchObject({ id: created.project_id, title: 'The keeper', style: 'anime' })
    await client.close()
  })

  it('lists voices, music, styles and templates, with absolute links', async () => {
    const account = await createPaidAccount()
    const client = await connect((await createKey(account, ['templates:read'])).secret)
    const { voices } = VoiceListSchema.parse(await callOk(client, 'list_voices'))
    const spanish = VoiceListSchema.parse(await callOk(client, 'list_voices', { language: 'es' })).voices
    expect(spanish.length).toBeGreaterThan(0)
    expect(spanish.length).toBeLessThan(voices.length)
    for (const voice of spanish) expect(voice.language).toMatch(/^es-/)
    expect(voices[0]?.preview_url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/voices/`))

    const { tracks } = MusicListSchema.parse(await callOk(client, 'list_music', { mood: 'calm' }))
    expect(tracks.length).toBeGreaterThan(0)
    for (const track of tracks) expect(track.mood).toBe('calm')
    expect(tracks[0]?.audio_url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/music/`))

    const { styles } = StyleListSchema.parse(await callOk(client, 'list_styles'))
    expect(styles.map((style) => style.id)).toEqual([...VIDEO_STYLES])

    const { templates } = TemplateListSchema.parse(await callOk(client, 'list_templates'))
    expect(templates.map((template) => template.id)).toContain('builtin-product-ad-15')
    await client.close()
  })

  it('answers a create_video retried with its idempotency_key with the first video, and makes no second', async () => {
    const account = await createPaidAccount()
    const client = await connect((await createKey(account, ALL_SCOPES)).secret)
    const args = { script: SCRIPT, title: 'The keeper', idempotency_key: 'keeper-retry-7f3c' }
    const first = McpQueuedVideoSchema.parse(await callOk(client, 'create_video', args))
    const again = McpQueuedVideoSchema.parse(await callOk(client, 'create_video', args))
    expect(again).toEqual(first)
    // Spaces at the key's ends go, as they go from a header sent over HTTP: the same key, the same video.
    const spaced = { ...args, idempotency_key: `  ${args.idempotency_key} ` }
    expect(McpQueuedVideoSchema.parse(await callOk(client, 'create_video', spaced))).toEqual(first)
    expect(await callRefused(client, 'create_video', { ...args, title: 'Another keeper' })).toMatch(
      /^IDEMPOTENCY_KEY_REUSED \(422\): /,
    )
    expect(await callRefused(client, 'create_video', { ...args, idempotency_key: '   ' })).toMatch(
      /^VALIDATION_FAILED \(400\): idempotency_key: /,
    )
    expect(await callRefused(client, 'create_video', { ...args, idempotency_key: 'naïve' })).toMatch(
      /^VALIDATION_FAILED \(400\): idempotency_key: /,
    )
    expect(await callRefused(client, 'create_video', { ...args, idempotency_key: 'k'.repeat(256) })).toMatch(
      /^VALIDATION_FAILED \(400\): idempotency_key: /,
    )
    expect(McpVideoListSchema.parse(await callOk(client, 'list_videos')).total).toBe(1)
    // Without a key, each call is a new video, as before.
    const { project_id: other } = McpQueuedVideoSchema.parse(
      await callOk(client, 'create_video', { script: SCRIPT, title: 'The keeper' }),
    )
    expect(other).not.toBe(first.project_id)
    expect(McpVideoListSchema.parse(await callOk(client, 'list_videos')).total).toBe(2)
    await client.close()
  })

  it('answers refusals as tool results the model reads: a missing scope, bad arguments, an unknown project', async () => {
    const account = await createPaidAccount()
    const client = await connect((await createKey(account, ['projects:read'])).secret)
    const scope = await callRefused(client, 'create_video', { prompt: 'a lighthouse keeper in a storm' })
    expect(scope).toMatch(/^API_KEY_SCOPE \(403\): /)
    expect(scope).toContain('projects:write and renders:write')
    expect(await callRefused(client, 'list_templates')).toContain('templates:read')
    const invalid = await callRefused(client, 'create_video', { prompt: 'a storm', script: 'Waves crash on rocks.' })
    expect(invalid).toMatch(/^VALIDATION_FAILED \(400\): prompt: send either a prompt or a script/)
    expect(await callRefused(client, 'get_video', { project_id: 'not-a-uuid' })).toContain('project_id')
    expect(await callRefused(client, 'get_video', { project_id: crypto.randomUUID() })).toMatch(
      /^PROJECT_NOT_FOUND \(404\): /,
    )
    await expect(client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/delete_everything/)
    await client.close()
  })

  it('refuses a call without a key, with a session token and with a revoked key: 401 in the one error shape', async () => {
    const account = await createPaidAccount()
    const key = await createKey(account, ['projects:read'])

    for (const headers of [{}, t.auth(account.token)]) {
      const response = await postMcp(headers)
      expect(response.status).toBe(401)
      expect(ApiErrorSchema.parse(await response.json()).code).toBe('API_KEY_REQUIRED')
    }
    const accepted = await postMcp({ authorization: `Bearer ${key.secret}` })
    expect(accepted.status, await accepted.clone().text()).toBe(200)
    expect(await accepted.json()).toMatchObject({ id: 1, result: { serverInfo: { name: 'storyreel' } } })

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${key.id}`,
      headers: t.auth(account.token),
    })
    expect(revoke.statusCode).toBe(204)
    const revoked = await postMcp({ authorization: `Bearer ${key.secret}` })
    expect(revoked.status).toBe(401)
    expect(ApiErrorSchema.parse(await revoked.json()).code).toBe('API_KEY_INVALID')
    await expect(connect(key.secret)).rejects.toThrow(/401/)

    const stream = await fetch(`${url}/mcp`, { headers: { accept: 'text/event-stream' } })
    expect(stream.status).toBe(405)
    expect(stream.headers.get('allow')).toBe('POST')
  })

  it("counts the REST calls a tool makes toward the key's limit, not the MCP messages", async () => {
    const limited = await createTestApp({ sharing: t, env: { PUBLIC_URL, API_KEY_RATE_LIMIT_PER_MINUTE: '2' } })
    try {
      const account = await createPaidAccount()
      const key = await createKey(account, ['projects:read'])
      const limitedUrl = await limited.app.listen({ host: '127.0.0.1', port: 0 })
      const client = new Client({ name: 'storyreel-test', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${limitedUrl}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
        }),
      )
      await client.listTools()
      await callOk(client, 'list_styles')
      await callOk(client, 'list_videos')
      expect(await callRefused(client, 'list_styles')).toMatch(/^RATE_LIMITED \(429\): /)
      await client.close()
    } finally {
      await limited.close()
    }
  })

  it('serves the same tools over stdio (npm run mcp:stdio), calling the API over HTTP with the key', async () => {
    const account = await createPaidAccount()
    const key = await createKey(account, ['projects:read'])
    const client = new Client({ name: 'storyreel-test', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [STDIO_ENTRY, '--url', url],
        env: { STORYREEL_API_KEY: key.secret },
        stderr: 'pipe',
      }),
    )
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(MCP_TOOLS).sort())
    const { styles } = StyleListSchema.parse(await callOk(client, 'list_styles'))
    expect(styles).toHaveLength(VIDEO_STYLES.length)
    expect(McpVideoListSchema.parse(await callOk(client, 'list_videos')).total).toBe(0)
    // Links point at the address the entry was given.
    const { voices } = VoiceListSchema.parse(await callOk(client, 'list_voices', { language: 'en' }))
    expect(voices[0]?.preview_url).toMatch(new RegExp(`^${url}/api/v1/voices/`))
    expect(await callRefused(client, 'create_video', { script: SCRIPT })).toMatch(/^API_KEY_SCOPE \(403\): /)
    await client.close()
  })

  it('answers a failure on our side as INTERNAL_ERROR, and tells the log rather than the model', async () => {
    const failed: string[] = []
    const api = { origin: PUBLIC_URL, call: async () => ({ styles: 'not a list' }) }
    const result = await callTool('list_styles', {}, api, (_error, tool) => failed.push(tool))
    expect(result.isError).toBe(true)
    expect(textOf(result)).toBe('INTERNAL_ERROR (500): Something went wrong on our side. Please try again.')
    expect(failed).toEqual(['list_styles'])
  })

  it('says so in a tool result when the API does not answer at the address the stdio entry was given', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const origin = `http://127.0.0.1:${port}`
    const result = await callTool('list_styles', {}, createHttpApi({ origin, key: `srk_${'a'.repeat(40)}` }))
    expect(result.isError).toBe(true)
    expect(textOf(result)).toMatch(new RegExp(`^API_UNREACHABLE \\(502\\): StoryReel did not answer at ${origin}: `))
  })
})
