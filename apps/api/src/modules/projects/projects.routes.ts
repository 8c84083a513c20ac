import { PassThrough } from 'node:stream'

import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import {
  CreateProjectBodySchema,
  ProjectListSchema,
  ProjectParamsSchema,
  ProjectSchema,
  RenderJobSchema,
  RenderParamsSchema,
  ResolutionSchema,
  SceneParamsSchema,
  ScenePreviewSchema,
  SceneThumbnailQuerySchema,
  SavedProjectSchema,
  SourceCheckBodySchema,
  SourceCheckSchema,
  UpdateProjectBodySchema,
  UsageSchema,
  type RenderJob,
} from '@storyreel/contracts/studio'

import { AppError } from '#src/errors.ts'
import { createSessionGuard, requireSession, type SessionGuard } from '#src/modules/auth/auth.guard.ts'
import type { AuthService } from '#src/modules/auth/auth.service.ts'
import { matchesEtag } from '#src/plugins/send-file.ts'
import type { ZodTypeProvider } from '#src/plugins/zod-schemas.ts'

import type { ProjectsService } from './projects.service.ts'

/** How often the event stream looks at the job row; rows, not memory, so any instance can serve the stream. */
const EVENTS_POLL_MS = 400
const EVENTS_KEEPALIVE_MS = 15_000
/** A stream ends after this long whatever the job's state; the page reconnects (and catches up) by itself. */
const EVENTS_MAX_MS = 5 * 60_000
/** The contracts allow 30 scenes of 400 + 300 characters, and 6000-character scripts in any script. */
const STORYBOARD_BODY_LIMIT = 128 * 1024
const TERMINAL = new Set<RenderJob['status']>(['succeeded', 'failed', 'canceled'])
/** A versioned thumbnail asked for with the session: the same picture forever, kept by the browser a day. */
const THUMBNAIL_SESSION_MAX_AGE = 24 * 3600

const StartRenderBodySchema = z
  .strictObject({ resolution: ResolutionSchema.optional() })
  .meta({ id: 'StartRenderBody' })

/** The preHandlers of calls that make videos: a user session (or key), of a confirmed account. */
export function createConfirmedGuards(auth: AuthService): [SessionGuard, SessionGuard] {
  const confirmedOnly: SessionGuard = (request, _reply, done) => {
    if (requireSession(request).user.confirmed) return done()
    done(new AppError('ACCOUNT_NOT_CONFIRMED', 403, 'Confirm your e-mail address to make videos.'))
  }
  return [createSessionGuard(auth, 'user'), confirmedOnly]
}

/** /api/v1/usage and /api/v1/projects/*: the studio. Confirmed accounts only. */
export function registerProjectRoutes(
  app: FastifyInstance,
  { projects, auth, perMinute }: { projects: ProjectsService; auth: AuthService; perMinute: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const requireConfirmed = createConfirmedGuards(auth)
  const [requireUser, confirmedOnly] = requireConfirmed
  const config = { rateLimit: { max: perMinute, timeWindow: '1 minute' } }
  const tags = ['Studio']
  const user = (request: FastifyRequest) => requireSession(request).user
  // Open event streams end when the server begins to close, so shutdown does not wait on them.
  const openStreams = new Set<() => void>()
  app.addHook('preClose', (done) => {
    for (const end of openStreams) end()
    done()
  })

  api.get(
    '/api/v1/usage',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'any' as const,
        summary: "The plan's render limits and today's use",
        response: { 200: UsageSchema },
      },
    },
    (request) => projects.getUsage(user(request)),
  )

  api.get(
    '/api/v1/projects',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:read' as const,
        summary: 'Every project, newest first',
        response: { 200: ProjectListSchema },
      },
    },
    async (request) => ({ projects: await projects.list(user(request)) }),
  )

  api.post(
    '/api/v1/projects',
    {
      config,
      bodyLimit: STORYBOARD_BODY_LIMIT,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: 'Create a project: the text becomes a storyboard',
        description:
          'The script engine splits a script (or writes from a prompt) into scenes with narration, a visual ' +
          'description and a duration. Nothing is rendered yet. 422 SCRIPT_TOO_LONG when a script needs more ' +
          "than 1.5 times the words that fit its target length at the voice's pace, or more than 90 s (very long " +
          'words count by their letters); the message names the word count and the limit. 422 SOURCE_UNUSABLE ' +
          'for text the writer cannot draft from: nothing a voice can say, or for the offline writer a prompt ' +
          'of over 150 words, a word of over 45 characters, or one whose draft would break a storyboard’s limits. ' +
          'From a prompt, the offline writer leaves "[In your own words, …]" prompts where it cannot know the ' +
          'facts (explainers, how-tos, recipes, facts). Without `settings.language`, the language is detected ' +
          'from the text (English when too few words to tell); without `settings.voice_id`, the project gets that ' +
          "language's default voice. 422 PROMPT_LANGUAGE_UNSUPPORTED for a prompt in another language than " +
          'English where the offline writer drafts (it writes English only); a script in that language is fine.',
        body: CreateProjectBodySchema,
        response: { 201: ProjectSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await projects.create(user(request), request.body)),
  )

  api.post(
    '/api/v1/projects/source-check',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: 'What a prompt or script will make: its language, that language’s voice, a length it names',
        description:
          'Nothing is saved. The create form calls this as the user writes, to show the language found (and ' +
          'whether it is a guess), to pick a voice of that language and, for a prompt, the length it asks for, ' +
          'within 15-90 s. POST /projects decides the same way from the same text.',
        body: SourceCheckBodySchema,
        response: { 200: SourceCheckSchema },
      },
    },
    (request) => projects.checkSource(request.body.source),
  )

  api.get(
    '/api/v1/projects/:id',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:read' as const,
        summary: 'A project',
        params: ProjectParamsSchema,
        response: { 200: ProjectSchema },
      },
    },
    (request) => projects.get(user(request), request.params.id),
  )

  api.patch(
    '/api/v1/projects/:id',
    {
      config,
      bodyLimit: STORYBOARD_BODY_LIMIT,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: 'Rename, change settings, or save the storyboard',
        description:
          'Scenes are saved whole, in order; a scene without an id is new. A scene too short for its narration at ' +
          "the voice's pace is lengthened to fit and listed in lengthened_scenes; one whose narration would need " +
          'more than a scene may last is refused with NARRATION_TOO_LONG.',
        params: ProjectParamsSchema,
        body: UpdateProjectBodySchema,
        response: { 200: SavedProjectSchema },
      },
    },
    (request) => projects.update(user(request), request.params.id, request.body),
  )

  api.delete(
    '/api/v1/projects/:id',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: 'Delete a project with its renders and files',
        params: ProjectParamsSchema,
        response: { 204: z.null().meta({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      await projects.delete(user(request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  api.post(
    '/api/v1/projects/:id/duplicate',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: 'Copy a project (its storyboard and settings, not its renders)',
        params: ProjectParamsSchema,
        response: { 201: ProjectSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await projects.duplicate(user(request), request.params.id)),
  )

  api.post(
    '/api/v1/projects/:id/storyboard',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: 'Write the storyboard again from the source text',
        description:
          "422 SCRIPT_TOO_LONG or SOURCE_UNUSABLE as for a new project, with the project's current settings.",
        params: ProjectParamsSchema,
        response: { 200: ProjectSchema },
      },
    },
    (request) => projects.regenerateStoryboard(user(request), request.params.id),
  )

  api.post(
    '/api/v1/projects/:id/scenes/:sceneId/reroll',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: "Draw one scene's visual another way",
        params: SceneParamsSchema,
        response: { 200: ProjectSchema },
      },
    },
    (request) => projects.rerollScene(user(request), request.params.id, request.params.sceneId),
  )

  api.post(
    '/api/v1/projects/:id/scenes/:sceneId/preview',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:write' as const,
        summary: 'Render a quick preview of one scene',
        description:
          'A small MP4 of the scene with its voice and captions, without music; takes a few seconds. 422 ' +
          'STORYBOARD_INVALID while the scene still holds a prompt for your own words.',
        params: SceneParamsSchema,
        response: { 200: ScenePreviewSchema },
      },
    },
    (request) => projects.previewScene(user(request), request.params.id, request.params.sceneId),
  )

  api.get(
    '/api/v1/projects/:id/scenes/:sceneId/thumbnail',
    {
      // A storyboard shows up to 30 of these at once.
      config: { rateLimit: { max: perMinute * 10, timeWindow: '1 minute' } },
      preHandler: (request, reply, done) => {
        // A signed link from the project stands in for the session: an <img> sends no Authorization header.
        if (request.query.s !== undefined) return done()
        requireUser(request, reply, (error?: Error) => (error ? done(error) : confirmedOnly(request, reply, done)))
      },
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:read' as const,
        summary: "A still of one scene's picture (WebP, 360 px on the long side)",
        description:
          "Through the link in the project's `scene_thumbnails` (signed, no token needed), or with the session " +
          'token. `v` names the version of the scene; a versioned answer never changes and may be cached, ' +
          'without `v` the current picture is answered with its ETag. Drawn when the project is answered (or at ' +
          'the latest on the first request), in threads apart from renders, and kept. 404 PROJECT_NOT_FOUND or SCENE_NOT_FOUND, 404 THUMBNAIL_OUTDATED ' +
          'for a version the scene no longer has, 403 MEDIA_LINK_INVALID or 410 MEDIA_LINK_EXPIRED for a bad or ' +
          'old link, 503 THUMBNAIL_BUSY when too many pictures are waiting to be drawn.',
        params: SceneParamsSchema,
        querystring: SceneThumbnailQuerySchema,
        produces: 'image/webp',
      },
    },
    async (request, reply) => {
      const { id, sceneId } = request.params
      const { query } = request
      const link = query.s === undefined ? undefined : projects.requireThumbnailLink(id, sceneId, query)
      const owner = link?.userId ?? user(request).id
      const picture = await projects.getSceneThumbnail(owner, id, sceneId, query.v)
      // A version's picture never changes: a browser keeps it (a signed one until the link expires).
      const maxAge = link ? Math.max(0, link.expiresAt - Math.floor(Date.now() / 1000)) : THUMBNAIL_SESSION_MAX_AGE
      const caching = {
        etag: `"${picture.key}"`,
        'cache-control': query.v === undefined ? 'private, no-cache' : `private, max-age=${maxAge}, immutable`,
      }
      if (matchesEtag(request.headers['if-none-match'], caching.etag)) return reply.code(304).headers(caching).send()
      // Read before any caching header is set, so an error answer is never kept as the picture.
      const bytes = await picture.read()
      return reply.headers({ ...caching, 'content-type': 'image/webp' }).send(bytes)
    },
  )

  api.post(
    '/api/v1/projects/:id/renders',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'renders:write' as const,
        summary: 'Render the video',
        description:
          'Queues a render of the storyboard as it is now. 429 RENDER_LIMIT_REACHED past the daily renders of ' +
          'the plan, 403 RESOLUTION_NOT_IN_PLAN for 1080p on the free plan, 409 RENDER_IN_PROGRESS while one runs, ' +
          '422 STORYBOARD_INVALID when the scenes add up to less than 15 s or more than 90 s, or a scene still ' +
          'holds a prompt for your own words (the message names the scene).',
        params: ProjectParamsSchema,
        body: StartRenderBodySchema.optional(),
        response: { 202: RenderJobSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await projects.startRender(user(request), request.params.id, request.body?.resolution ?? '720p')),
  )

  api.get(
    '/api/v1/projects/:id/renders/:renderId',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:read' as const,
        summary: 'A render',
        params: RenderParamsSchema,
        response: { 200: RenderJobSchema },
      },
    },
    (request) => projects.getRender(user(request), request.params.id, request.params.renderId),
  )

  api.get(
    '/api/v1/projects/:id/renders/:renderId/events',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'projects:read' as const,
        summary: "A render's progress as server-sent events",
        description:
          'text/event-stream: an `event: render` message with the RenderJob as JSON data whenever it changes; ' +
          'the stream ends after a terminal status (succeeded, failed, canceled).',
        params: RenderParamsSchema,
      },
    },
    async (request, reply) => {
      const owner = user(request)
      const { id, renderId } = request.params
      // Answers 404 in the one error shape before the stream starts.
      let last = await projects.getRender(owner, id, renderId)
      // A stream sent through the reply, not a hijacked socket, so every onSend hook (security headers,
      // CORS) applies to it as to any other answer; Fastify destroys it when the client goes away.
      const stream = new PassThrough()
      let sent = ''
      const send = (job: RenderJob) => {
        const data = JSON.stringify(job)
        if (data === sent) return false
        sent = data
        stream.write(`event: render\ndata: ${data}\n\n`)
        return true
      }
      send(last)
      if (TERMINAL.has(last.status)) stream.end()
      else {
        let closed = false
        const end = () => {
          closed = true
        }
        openStreams.add(end)
        stream.once('close', end)
        const watch = async () => {
          const started = Date.now()
          let lastWrite = started
          try {
            while (!closed && Date.now() - started < EVENTS_MAX_MS) {
              await new Promise((resolve) => setTimeout(resolve, EVENTS_POLL_MS))
              if (closed) break
              try {
                last = await projects.getRender(owner, id, renderId)
              } catch (error) {
                // Deleted while watching (or the database is away): say so and end the stream.
                stream.write(`event: error\ndata: ${JSON.stringify({ message: (error as Error).message })}\n\n`)
                break
              }
              if (send(last)) lastWrite = Date.now()
              else if (Date.now() - lastWrite > EVENTS_KEEPALIVE_MS) {
                stream.write(': ping\n\n')
                lastWrite = Date.now()
              }
              if (TERMINAL.has(last.status)) break
            }
          } finally {
            openStreams.delete(end)
            stream.end()
          }
        }
        void watch()
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream)
    },
  )

  api.post(
    '/api/v1/projects/:id/renders/:renderId/cancel',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'renders:write' as const,
        summary: 'Cancel a queued or running render',
        params: RenderParamsSchema,
        response: { 200: RenderJobSchema },
      },
    },
    (request) => projects.cancelRender(user(request), request.params.id, request.params.renderId),
  )

  api.post(
    '/api/v1/projects/:id/renders/:renderId/retry',
    {
      config,
      preHandler: requireConfirmed,
      schema: {
        tags,
        auth: 'user' as const,
        apiKeyScope: 'renders:write' as const,
        summary: 'Render a failed or canceled render again',
        params: RenderParamsSchema,
        response: { 202: RenderJobSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await projects.retryRender(user(request), request.params.id, request.params.renderId)),
  )
}
