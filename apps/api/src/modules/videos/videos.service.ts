import { createHash } from 'node:crypto'
import { setTimeout } from 'node:timers/promises'

import { ALL_OF_THE_BRAND_KIT, DEFAULT_PROJECT_SETTINGS, type Project } from '@storyreel/contracts/studio'
import { IDEMPOTENCY_KEY_TTL_HOURS, type CreateVideoBody, type CreatedVideo } from '@storyreel/contracts/videos'

import { AppError, type ErrorCode } from '#src/errors.ts'
import type { ProjectsService } from '#src/modules/projects/projects.service.ts'
import type { TemplatesService } from '#src/modules/templates/templates.service.ts'
import type { UserRow } from '#src/modules/users/users.repository.ts'

import type { IdempotencyKeysRepository } from './idempotency-keys.repository.ts'

/** A call still pending after this long died with its process; its key is free again. */
const PENDING_EXPIRY_MINUTES = 5
/** How long a concurrent duplicate waits for the first call's answer before 409 IDEMPOTENCY_IN_PROGRESS. */
const DUPLICATE_WAIT_MS = 15_000
const DUPLICATE_POLL_MS = 50
/**
 * Refusals kept as a key's answer: 422 and 404 say the same of the same body tomorrow (and a 422
 * STORYBOARD_INVALID names the project the call made). Others (429 and 403 limits, 5xx) may pass, so they
 * free the key for a retry (decision 061).
 */
const FINAL_STATUSES = new Set([404, 422])

type StoredError = { code: ErrorCode; message: string | string[] }

/** The words of a script's paragraphs, split at blank lines: a template's scenes take one each. */
function toParagraphs(script: string): string[] {
  return script
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
}

/** A body's fingerprint: its JSON with keys sorted, so the order a client writes them in does not matter. */
function hashBody(body: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted)
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, item]) => item !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, item]) => [key, sorted(item)]),
      )
    }
    return value
  }
  return createHash('sha256')
    .update(JSON.stringify(sorted(body)))
    .digest('hex')
}

/** One-call videos: a project drafted from a prompt, a script or a template, and its render queued. */
export function createVideosService(deps: {
  projects: Pick<ProjectsService, 'create' | 'assertCanRender' | 'startRender' | 'delete'>
  templates: Pick<TemplatesService, 'createProject'>
  idempotencyKeys: IdempotencyKeysRepository
}) {
  const { projects, idempotencyKeys } = deps

  async function draft(user: UserRow, body: CreateVideoBody): Promise<Project> {
    const brand = body.brand ?? ALL_OF_THE_BRAND_KIT
    if (body.template_id !== undefined) {
      return deps.templates.createProject(user, body.template_id, {
        title: body.title,
        changes: { ...body.settings, ...(body.brand ? { brand: body.brand } : {}) },
        narrations: body.script === undefined ? undefined : toParagraphs(body.script),
      })
    }
    const { voice_id: _defaultVoice, ...defaults } = DEFAULT_PROJECT_SETTINGS
    const source = body.prompt !== undefined ? { kind: 'prompt' as const, text: body.prompt } : undefined
    return projects.create(user, {
      title: body.title,
      source: source ?? { kind: 'script', text: body.script ?? '' },
      settings: { ...defaults, ...body.settings, brand },
      // A prompt that names a length ("a 20 second ad") sets it, unless the settings do.
      length_from_prompt: body.settings?.target_seconds === undefined,
    })
  }

  async function make(user: UserRow, body: CreateVideoBody): Promise<CreatedVideo> {
    const resolution = body.resolution ?? '720p'
    // Refused before a project is made, so a call over the plan leaves nothing behind.
    await projects.assertCanRender(user, resolution)
    const project = await draft(user, body)
    try {
      const render = await projects.startRender(user, project.id, resolution)
      return {
        project_id: project.id,
        render_id: render.id,
        status_url: `/api/v1/projects/${project.id}/renders/${render.id}`,
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'STORYBOARD_INVALID') {
        throw new AppError('STORYBOARD_INVALID', 422, [
          ...(error.problems ?? [error.message]),
          `Nothing was rendered. The draft is kept as project ${project.id} ("${project.title}"): fill it in ` +
            `in the studio, or with PATCH /api/v1/projects/${project.id}, then POST /api/v1/projects/${project.id}/renders.`,
        ])
      }
      // Any other refusal (a limit reached meanwhile) takes the new project with it: no half-made video.
      await projects.delete(user, project.id)
      throw error
    }
  }

  function replay<T>(row: { statusCode: number | null; response: unknown }): T {
    if (row.statusCode === 202) return row.response as T
    const stored = row.response as StoredError
    throw new AppError(stored.code, row.statusCode ?? 500, stored.message)
  }

  async function runClaimed<T>(user: UserRow, key: string, run: () => Promise<T>): Promise<T> {
    try {
      const answer = await run()
      await idempotencyKeys.complete(user.id, key, { statusCode: 202, response: answer })
      return answer
    } catch (error) {
      if (error instanceof AppError && FINAL_STATUSES.has(error.statusCode)) {
        const stored: StoredError = { code: error.code, message: error.problems ?? error.message }
        await idempotencyKeys.complete(user.id, key, { statusCode: error.statusCode, response: stored })
      } else {
        await idempotencyKeys.release(user.id, key)
      }
      throw error
    }
  }

  /**
   * Without a key, runs `run`. With one, the first call with it runs and stores its answer (a 202's body);
   * a retry gets that answer, a concurrent duplicate waits for it, and another body with the key is refused.
   * `route` keeps one route's keys apart from another's.
   */
  async function idempotent<T>(
    user: UserRow,
    key: string | undefined,
    request: { route: string; body: unknown },
    run: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return run()
    const requestHash = hashBody(request)
    await idempotencyKeys.purge({ keepHours: IDEMPOTENCY_KEY_TTL_HOURS, pendingMinutes: PENDING_EXPIRY_MINUTES })
    const until = Date.now() + DUPLICATE_WAIT_MS
    for (;;) {
      if (await idempotencyKeys.claim({ userId: user.id, key, requestHash })) return runClaimed(user, key, run)
      const row = await idempotencyKeys.find(user.id, key)
      // Gone: the first call failed in a way that may pass and let the key go; this one tries again.
      if (!row && Date.now() < until) continue
      if (row && row.requestHash !== requestHash) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          422,
          'This Idempotency-Key was used with another request body. Use a new key for a new call.',
        )
      }
      if (row?.status === 'done') return replay<T>(row)
      if (Date.now() >= until) {
        throw new AppError(
          'IDEMPOTENCY_IN_PROGRESS',
          409,
          'A request with this Idempotency-Key is still being handled. Retry in a moment for its answer.',
          { retryAfterSeconds: 1 },
        )
      }
      await setTimeout(DUPLICATE_POLL_MS)
    }
  }

  return {
    /** One video, made now: for a batch's rows, which share the batch's Idempotency-Key. */
    make,
    idempotent,
    /** POST /api/v1/videos: one video, made once per Idempotency-Key. */
    create(user: UserRow, body: CreateVideoBody, key: string | undefined): Promise<CreatedVideo> {
      return idempotent(user, key, { route: 'POST /api/v1/videos', body }, () => make(user, body))
    },
  }
}

export type VideosService = ReturnType<typeof createVideosService>
