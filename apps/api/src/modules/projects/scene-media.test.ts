import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { AssetSchema, type Asset } from '@storyreel/contracts/assets'
import { ApiErrorSchema } from '@storyreel/contracts/errors'
import {
  DEFAULT_PROJECT_SETTINGS,
  ProjectListSchema,
  ProjectSchema,
  RenderJobSchema,
  SavedProjectSchema,
  type Project,
  type RenderJob,
  type SceneInput,
} from '@storyreel/contracts/studio'
import { eq } from '@storyreel/db/operators'
import { assets, projectAssets, renderJobs } from '@storyreel/db/schema'
import { TEST_DRIVERS } from '@storyreel/db/testing'
import { encodeWav } from '@storyreel/engine/engine'
import { makeClip } from '@storyreel/engine/testing/upload-fixtures'

import { createMultipartUpload } from '#src/testing/multipart.ts'
import { createTestApp, type TestApp } from '#src/testing/test-app.ts'

import { createAssetsRepository } from '#src/modules/assets/assets.repository.ts'

import { RenderSpecSchema } from './render-spec.ts'

const SCRIPT =
  'The baker opens the shop before dawn. ' +
  'Fresh loaves cool on the wooden racks by the window. ' +
  'The first customers queue in the cold, smiling.'

/** Two seconds of a quiet tone, as an uploaded track. */
function makeTrack(): Buffer {
  const rate = 22_050
  const samples = new Float32Array(rate * 2).map((_, index) => 0.2 * Math.sin((2 * Math.PI * 440 * index) / rate))
  return encodeWav(samples, rate)
}

let fixtures: string
let clipBytes: Buffer

beforeAll(async () => {
  fixtures = await mkdtemp(path.join(os.tmpdir(), 'storyreel-scene-media-'))
  await makeClip(path.join(fixtures, 'clip.mp4'), { width: 64, height: 48, fps: 10, seconds: 2 })
  clipBytes = await readFile(path.join(fixtures, 'clip.mp4'))
})
afterAll(() => rm(fixtures, { recursive: true, force: true }))

for (const { name, url } of TEST_DRIVERS) {
  describe(`scenes with the owner's photos, clips and music on ${name}`, () => {
    let t: TestApp
    let token: string
    let headers: { authorization: string }
    let otherToken: string
    let photo: Asset
    let secondPhoto: Asset
    let clip: Asset
    let track: Asset
    let othersPhoto: Asset

    const upload = async (as: string, content: Buffer, filename: string) => {
      const { payload, headers: multipart } = createMultipartUpload(content, { filename })
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/assets',
        payload,
        headers: { ...multipart, ...t.auth(as) },
      })
      expect(response.statusCode, response.body).toBe(201)
      return AssetSchema.parse(response.json())
    }
    const makePhoto = (colour: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer()

    const createProject = async (settings: Record<string, unknown> = {}) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers,
        payload: { source: { kind: 'script', text: SCRIPT }, settings: { ...DEFAULT_PROJECT_SETTINGS, ...settings } },
      })
      return response
    }
    const newProject = async () => {
      const response = await createProject()
      expect(response.statusCode, response.body).toBe(201)
      return ProjectSchema.parse(response.json())
    }
    const patch = (project: Project, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/projects/${project.id}`, headers, payload })
    const saved = async (project: Project, payload: Record<string, unknown>) => {
      const response = await patch(project, payload)
      expect(response.statusCode, response.body).toBe(200)
      return SavedProjectSchema.parse(response.json())
    }
    /** The project's scenes as an app sends them back, with `change` applied to scene `index`. */
    const withScene = (project: Project, index: number, change: Partial<SceneInput>): SceneInput[] =>
      project.scenes.map((scene, at) => (at === index ? { ...scene, ...change } : scene))
    const linksOf = async (projectId: string) =>
      (
        await t.db.db
          .select({ assetId: projectAssets.assetId })
          .from(projectAssets)
          .where(eq(projectAssets.projectId, projectId))
      )
        .map((row) => row.assetId)
        .sort()
    const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
      expect(response.statusCode).toBe(status)
      expect(ApiErrorSchema.parse(response.json())).toMatchObject({ statusCode: status, code })
    }

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl: url, env: { STUDIO_RATE_LIMIT_PER_MINUTE: '100000' } })
      token = (await t.createUser()).access_token
      headers = t.auth(token)
      otherToken = (await t.createUser()).access_token
      ;[photo, secondPhoto, clip, track, othersPhoto] = await Promise.all([
        upload(token, await makePhoto('#e0301e'), 'Shop front.jpg'),
        upload(token, await makePhoto('#1e50e0'), 'Loaves.jpg'),
        upload(token, clipBytes, 'Oven.mp4'),
        upload(token, makeTrack(), 'Our jingle.wav'),
        upload(otherToken, await makePhoto('#20a020'), 'Not yours.jpg'),
      ])
    })
    afterAll(() => t.close())

    it('saves a photo and a trimmed clip on scenes, answers their assets, and links them to the project', async () => {
      expect(photo.status).toBe('ready')
      // The clip converts in a render worker, which this app has none of: it may be chosen while it converts.
      expect(clip.status).toBe('processing')
      const project = await newProject()
      expect(project.media_assets).toEqual({})
      const scenes = withScene(project, 0, {
        media: { type: 'photo', asset_id: photo.id, focus: { x: 0.3, y: 0.6 }, fit: 'fill', camera: 'zoom-in' },
      }).map((scene, index) =>
        index === 1
          ? { ...scene, media: { type: 'clip' as const, asset_id: clip.id, trim_start: 0.5, trim_end: 1.5 } }
          : scene,
      )
      const result = await saved(project, { scenes })
      expect(result.scenes[0]?.media).toEqual({
        type: 'photo',
        asset_id: photo.id,
        focus: { x: 0.3, y: 0.6 },
        fit: 'fill',
        camera: 'zoom-in',
      })
      // Defaults filled in: fitted automatically, held at its last frame, its sound muted.
      expect(result.scenes[1]?.media).toEqual({
        type: 'clip',
        asset_id: clip.id,
        trim_start: 0.5,
        trim_end: 1.5,
        focus: null,
        fit: 'auto',
        fill: 'hold',
        sound: 'muted',
      })
      expect(result.scenes[2]?.media ?? null).toBeNull()
      expect(result.media_assets[photo.id]).toMatchObject({
        id: photo.id,
        kind: 'image',
        status: 'ready',
        name: 'Shop front.jpg',
        width: 64,
        height: 48,
        duration_seconds: null,
      })
      expect(result.media_assets[photo.id]?.thumbnail_url).toMatch(/^\/api\/v1\/media\//)
      expect(result.media_assets[photo.id]?.url).toMatch(/^\/api\/v1\/media\//)
      const served = await t.app.inject({ url: result.media_assets[photo.id]?.url ?? '' })
      expect(served.statusCode).toBe(200)
      expect((await sharp(served.rawPayload).metadata()).width).toBe(64)
      expect(result.media_assets[clip.id]).toMatchObject({ kind: 'video', status: 'processing', url: null })
      expect(result.media_assets[clip.id]?.duration_seconds).toBeCloseTo(2, 0)
      expect(await linksOf(project.id)).toEqual([photo.id, clip.id].sort())
      // The library says which projects use each file.
      const library = await t.app.inject({ url: `/api/v1/assets/${photo.id}`, headers })
      expect(AssetSchema.parse(library.json()).projects).toEqual([{ id: project.id, title: project.title }])
      // Reading the project again answers the same.
      const read = ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${project.id}`, headers })).json())
      expect(read.scenes.map((scene) => scene.media ?? null)).toEqual(result.scenes.map((scene) => scene.media ?? null))
      expect(read.media_assets).toEqual(result.media_assets)
    })

    it('keeps a scene’s media when an older app leaves it out, clears it on null, and unlinks what is unused', async () => {
      const project = await newProject()
      const first = await saved(project, {
        scenes: withScene(project, 0, { media: { type: 'photo', asset_id: photo.id } }),
      })
      // An app that knows nothing of media sends the scenes without it, editing the words.
      const older = first.scenes.map(({ media: _media, ...scene }) => scene)
      const kept = await saved(first, {
        scenes: older.map((scene, index) => (index === 0 ? { ...scene, narration: 'Warm bread at dawn.' } : scene)),
      })
      expect(kept.scenes[0]?.narration).toBe('Warm bread at dawn.')
      expect(kept.scenes[0]?.media).toMatchObject({ type: 'photo', asset_id: photo.id })
      expect(await linksOf(project.id)).toEqual([photo.id])
      // Another photo replaces the first: the first is no longer linked.
      const swapped = await saved(kept, {
        scenes: withScene(kept, 0, { media: { type: 'photo', asset_id: secondPhoto.id } }),
      })
      expect(Object.keys(swapped.media_assets)).toEqual([secondPhoto.id])
      expect(await linksOf(project.id)).toEqual([secondPhoto.id])
      // A new scene without an id and without media is drawn; null clears the photo.
      const cleared = await saved(swapped, {
        scenes: [
          ...withScene(swapped, 0, { media: null }),
          { narration: 'Closing time.', visual: 'A shop door with a closed sign', duration: 4 },
        ],
      })
      expect(cleared.scenes.map((scene) => scene.media ?? null)).toEqual(cleared.scenes.map(() => null))
      expect(cleared.media_assets).toEqual({})
      expect(await linksOf(project.id)).toEqual([])
      // The list of projects stays as it was: no media there.
      const list = ProjectListSchema.parse((await t.app.inject({ url: '/api/v1/projects', headers })).json())
      expect(list.projects.find((item) => item.id === project.id)).not.toHaveProperty('media_assets')
    })

    it('refuses another account’s file, the wrong kind, a failed file and a trim outside the clip, saving nothing', async () => {
      const project = await newProject()
      const attempt = (index: number, media: unknown) =>
        patch(project, { scenes: withScene(project, index, { media: media as SceneInput['media'] }) })
      expectError(await attempt(0, { type: 'photo', asset_id: othersPhoto.id }), 404, 'ASSET_NOT_FOUND')
      expectError(
        await attempt(0, { type: 'photo', asset_id: '00000000-0000-4000-8000-000000000000' }),
        404,
        'ASSET_NOT_FOUND',
      )
      const mismatch = await attempt(1, { type: 'clip', asset_id: photo.id })
      expectError(mismatch, 422, 'MEDIA_KIND_MISMATCH')
      expect(ApiErrorSchema.parse(mismatch.json()).message).toContain('Scene 2')
      expectError(await attempt(0, { type: 'photo', asset_id: track.id }), 422, 'MEDIA_KIND_MISMATCH')
      // The clip lasts two seconds.
      expectError(await attempt(0, { type: 'clip', asset_id: clip.id, trim_start: 2.5 }), 422, 'CLIP_TRIM_INVALID')
      expectError(
        await attempt(0, { type: 'clip', asset_id: clip.id, trim_start: 0, trim_end: 3 }),
        422,
        'CLIP_TRIM_INVALID',
      )
      expectError(await attempt(0, { type: 'clip', asset_id: clip.id, trim_start: 1.8 }), 422, 'CLIP_TRIM_INVALID')
      // In and out points too close together are refused by the contract itself.
      expectError(
        await attempt(0, { type: 'clip', asset_id: clip.id, trim_start: 1, trim_end: 1.2 }),
        400,
        'VALIDATION_FAILED',
      )
      // A hosted image engine is not configured here.
      expectError(await attempt(0, { type: 'generated' }), 422, 'IMAGE_ENGINE_NOT_CONFIGURED')
      const failed = await upload(token, await makePhoto('#808080'), 'Blurry.jpg')
      await t.db.db.update(assets).set({ status: 'failed', error: 'could not be read' }).where(eq(assets.id, failed.id))
      expectError(await attempt(0, { type: 'photo', asset_id: failed.id }), 422, 'ASSET_FAILED')
      const read = ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${project.id}`, headers })).json())
      expect(read.scenes).toEqual(project.scenes)
      expect(await linksOf(project.id)).toEqual([])
      // An out point a hair past the clip's end (a player's rounding) is taken as its end.
      const duration = clip.duration_seconds ?? 0
      const clamped = await saved(project, {
        scenes: withScene(project, 0, {
          media: { type: 'clip', asset_id: clip.id, trim_start: 1, trim_end: duration + 0.04 },
        }),
      })
      expect(clamped.scenes[0]?.media).toMatchObject({ type: 'clip', trim_start: 1, trim_end: duration })
      // The built-in illustrator may always be chosen outright, engine or not.
      const drawn = await saved(project, { scenes: withScene(project, 0, { media: { type: 'drawn' } }) })
      expect(drawn.scenes[0]?.media).toEqual({ type: 'drawn' })
    })

    it('takes the owner’s own track as the music, and refuses anything else there', async () => {
      const withMusic = await createProject({ music_id: null, music_asset_id: track.id })
      expect(withMusic.statusCode, withMusic.body).toBe(201)
      const project = ProjectSchema.parse(withMusic.json())
      expect(project.settings.music_asset_id).toBe(track.id)
      expect(project.media_assets[track.id]).toMatchObject({ kind: 'audio', name: 'Our jingle.wav' })
      expect(await linksOf(project.id)).toEqual([track.id])
      expectError(await createProject({ music_id: null, music_asset_id: photo.id }), 422, 'MEDIA_KIND_MISMATCH')
      const others = await upload(otherToken, makeTrack(), 'Their song.wav')
      expectError(await createProject({ music_id: null, music_asset_id: others.id }), 404, 'ASSET_NOT_FOUND')
      // One of the two only.
      const music = (await t.app.inject({ url: '/api/v1/music' })).json<{ tracks: { id: string }[] }>().tracks[0]
      expectError(await createProject({ music_id: music?.id, music_asset_id: track.id }), 400, 'VALIDATION_FAILED')
      expectError(
        await patch(project, { settings: { ...project.settings, music_asset_id: clip.id } }),
        422,
        'MEDIA_KIND_MISMATCH',
      )
      // An app older than own music sends its settings without the field: the track stays.
      const { music_asset_id: _unknownToOlderApps, ...older } = project.settings
      const kept = await saved(project, { settings: { ...older, music_volume: 0.3 } })
      expect(kept.settings).toMatchObject({ music_id: null, music_asset_id: track.id, music_volume: 0.3 })
      // Back to a library track: the own track is unlinked.
      const library = await saved(project, {
        settings: { ...project.settings, music_id: music?.id, music_asset_id: null },
      })
      expect(library.media_assets).toEqual({})
      expect(await linksOf(project.id)).toEqual([])
      // The music library's check stays.
      expectError(
        await patch(project, { settings: { ...project.settings, music_asset_id: null, music_id: 'no-such-track' } }),
        404,
        'MUSIC_NOT_FOUND',
      )
    })

    it('keeps a deleted photo on its scene, says it is deleted, and still saves and renders the rest', async () => {
      const doomed = await upload(token, await makePhoto('#f0c000'), 'Old sign.jpg')
      const project = await newProject()
      const chosen = await saved(project, {
        scenes: withScene(project, 0, { media: { type: 'photo', asset_id: doomed.id, camera: 'pan-left' } }),
      })
      expect(await linksOf(project.id)).toEqual([doomed.id])
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/assets/${doomed.id}`, headers })
      expect(deleted.statusCode).toBe(204)
      const read = ProjectSchema.parse((await t.app.inject({ url: `/api/v1/projects/${project.id}`, headers })).json())
      expect(read.scenes[0]?.media).toMatchObject({ type: 'photo', asset_id: doomed.id, camera: 'pan-left' })
      expect(read.media_assets[doomed.id]).toEqual({
        id: doomed.id,
        kind: 'image',
        status: 'deleted',
        name: '',
        width: null,
        height: null,
        duration_seconds: null,
        thumbnail_url: null,
        url: null,
      })
      // The scene's still is the drawn picture again: its link changed.
      const sceneId = read.scenes[0]?.id ?? ''
      expect(read.scene_thumbnails[sceneId]).not.toBe(chosen.scene_thumbnails[sceneId])
      // The storyboard still saves, with the deleted photo left as it was or its settings changed.
      const words = await saved(read, { scenes: withScene(read, 1, { narration: 'Bread, still warm.' }) })
      expect(words.scenes[0]?.media).toMatchObject({ asset_id: doomed.id })
      await saved(words, {
        scenes: withScene(words, 0, { media: { type: 'photo', asset_id: doomed.id, camera: 'still' } }),
      })
      // Choosing it anew on another scene is refused: it is not in the library.
      expectError(
        await patch(words, { scenes: withScene(words, 1, { media: { type: 'photo', asset_id: doomed.id } }) }),
        404,
        'ASSET_NOT_FOUND',
      )
      // A render asked for now draws the scene: the spec names no file for it.
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/renders`,
        headers,
        payload: {},
      })
      expect(started.statusCode, started.body).toBe(202)
      const [job] = await t.db.db.select().from(renderJobs).where(eq(renderJobs.projectId, project.id))
      expect(RenderSpecSchema.parse(job?.spec).media).toEqual({})
      await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/renders/${job?.id}/cancel`, headers })
    })

    it('records each used copy in a render’s spec, and keeps a file deleted meanwhile until that render ends', async () => {
      const kept = await upload(token, await makePhoto('#00c0c0'), 'Counter.jpg')
      const project = await newProject()
      const chosen = await saved(project, {
        scenes: withScene(project, 0, { media: { type: 'photo', asset_id: kept.id } }),
        settings: { ...project.settings, music_id: null, music_asset_id: track.id },
      })
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project.id}/renders`,
        headers,
        payload: {},
      })
      expect(started.statusCode, started.body).toBe(202)
      const [job] = await t.db.db.select().from(renderJobs).where(eq(renderJobs.projectId, project.id))
      const spec = RenderSpecSchema.parse(job?.spec)
      expect(spec.media[kept.id]).toMatchObject({ kind: 'image', name: 'Counter.jpg', width: 64, height: 48 })
      expect(spec.media[kept.id]?.fileKey).toMatch(new RegExp(`^assets/[0-9a-f-]+/${kept.id}/photo\\.jpg$`))
      expect(spec.media[track.id]).toMatchObject({ kind: 'audio', name: 'Our jingle.wav', fileKey: null })
      const other = await newProject()
      await saved(other, { scenes: withScene(other, 0, { media: { type: 'photo', asset_id: kept.id } }) })
      // The scene is given another photo while the render waits, then the first is deleted: the render
      // still needs its file, so it stays, out of the library.
      await saved(chosen, { scenes: withScene(chosen, 0, { media: { type: 'photo', asset_id: secondPhoto.id } }) })
      expect(await linksOf(project.id)).toEqual([secondPhoto.id, track.id].sort())
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/assets/${kept.id}`, headers })).statusCode).toBe(204)
      const [row] = await t.db.db.select().from(assets).where(eq(assets.id, kept.id))
      expect(row?.deletedAt).not.toBeNull()
      expect(
        await t.app.inject({ url: `/api/v1/assets/${kept.id}`, headers }).then((response) => response.statusCode),
      ).toBe(404)
      // Housekeeping leaves it while the render's spec names it, though no project links it any more.
      const repository = createAssetsRepository(t.db.db)
      const purgeable = async () => (await repository.listPurgeable(1000)).map((item) => item.id)
      expect(await purgeable()).not.toContain(kept.id)
      expect(await repository.isUsedByActiveRender(kept.id)).toBe(true)
      // A copy of a project whose scene keeps the deleted photo keeps the choice, unlinked: it draws that scene.
      const copy = ProjectSchema.parse(
        (await t.app.inject({ method: 'POST', url: `/api/v1/projects/${other.id}/duplicate`, headers })).json(),
      )
      expect(copy.scenes[0]?.media).toMatchObject({ type: 'photo', asset_id: kept.id })
      expect(await linksOf(copy.id)).toEqual([])
      // Once the render ends (here: canceled), housekeeping may remove it.
      await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/renders/${job?.id}/cancel`, headers })
      expect(await purgeable()).toContain(kept.id)
      expect(await repository.isUsedByActiveRender(kept.id)).toBe(false)
    })

    it('retries a render without a photo deleted since, though another render still keeps its file', async () => {
      const doomed = await upload(token, await makePhoto('#c000c0'), 'Awning.jpg')
      const startRender = async (projectId: string) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/projects/${projectId}/renders`,
          headers,
          payload: {},
        })
        expect(response.statusCode, response.body).toBe(202)
        return RenderJobSchema.parse(response.json())
      }
      const cancel = (job: RenderJob) =>
        t.app.inject({ method: 'POST', url: `/api/v1/projects/${job.project_id}/renders/${job.id}/cancel`, headers })
      const first = await newProject()
      await saved(first, { scenes: withScene(first, 0, { media: { type: 'photo', asset_id: doomed.id } }) })
      const canceled = await startRender(first.id)
      await cancel(canceled)
      // Another project's render waits with the photo, so its file stays when it leaves the library.
      const second = await newProject()
      await saved(second, { scenes: withScene(second, 0, { media: { type: 'photo', asset_id: doomed.id } }) })
      const waiting = await startRender(second.id)
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/assets/${doomed.id}`, headers })).statusCode).toBe(
        204,
      )
      const retry = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${first.id}/renders/${canceled.id}/retry`,
        headers,
      })
      expect(retry.statusCode, retry.body).toBe(202)
      const retried = RenderJobSchema.parse(retry.json())
      const [row] = await t.db.db.select().from(renderJobs).where(eq(renderJobs.id, retried.id))
      // The scene is drawn, as in a render asked for now: the spec names no file of the deleted photo.
      expect(RenderSpecSchema.parse(row?.spec).media).toEqual({})
      await Promise.all([cancel(retried), cancel(waiting)])
    })

    it('duplicates a project with its media and links, and keeps the media when the words are drafted again', async () => {
      const project = await newProject()
      const chosen = await saved(project, {
        scenes: withScene(project, 1, { media: { type: 'photo', asset_id: secondPhoto.id, fit: 'fit' } }),
      })
      const copy = ProjectSchema.parse(
        (await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/duplicate`, headers })).json(),
      )
      expect(copy.scenes[1]?.media).toEqual(chosen.scenes[1]?.media)
      expect(await linksOf(copy.id)).toEqual([secondPhoto.id])
      const again = await t.app.inject({ method: 'POST', url: `/api/v1/projects/${project.id}/storyboard`, headers })
      expect(again.statusCode, again.body).toBe(200)
      const drafted = ProjectSchema.parse(again.json())
      expect(drafted.scenes[1]?.media).toEqual(chosen.scenes[1]?.media)
      expect(await linksOf(project.id)).toEqual([secondPhoto.id])
    })
  })
}
