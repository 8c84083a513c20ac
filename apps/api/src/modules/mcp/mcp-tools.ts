import { languageOfTag } from '@storyreel/contracts/languages'
import type { McpToolInput, McpToolName, McpToolOutput, McpVideo } from '@storyreel/contracts/mcp'
import {
  MusicListSchema,
  ProjectListSchema,
  ProjectSchema,
  RENDER_STAGE_LABELS,
  RenderJobSchema,
  StyleListSchema,
  VoiceListSchema,
  type Project,
  type RenderJob,
} from '@storyreel/contracts/studio'
import { TemplateListSchema } from '@storyreel/contracts/templates'
import { CreatedVideoSchema } from '@storyreel/contracts/videos'

import type { StoryReelApi } from './api-call.ts'

type Run<Name extends McpToolName> = (input: McpToolInput<Name>, api: StoryReelApi) => Promise<McpToolOutput<Name>>

const DEFAULT_VIDEO_LIST_LENGTH = 20

const projectPath = (projectId: string) => `/api/v1/projects/${projectId}`
const renderPath = (projectId: string, renderId: string) => `${projectPath(projectId)}/renders/${renderId}`

const FOLLOW_THE_RENDER =
  'The render is queued: call get_video with project_id and render_id every ten seconds or so until status is ' +
  'succeeded (then links holds the MP4) or failed. Do not wait in one call.'

/** What an assistant should do next with a video in this state. */
function describeNextStep(render: RenderJob | null): string {
  switch (render?.status) {
    case undefined:
      return 'Not rendered yet: call render_video to render it.'
    case 'queued':
    case 'running':
      return (
        `Rendering (${RENDER_STAGE_LABELS[render.stage]}, ${Math.round(render.progress)}%). Call get_video again in ` +
        'about ten seconds.'
      )
    case 'succeeded':
      return (
        'Done: links.video_url plays the MP4 and links.download_url downloads it, until links.expires_at; ' +
        'get_video answers fresh links after that.'
      )
    case 'failed':
      return 'The render failed (see error). Change the storyboard if the error asks for it, then call render_video.'
    case 'canceled':
      return 'The render was canceled. Call render_video to render the video again.'
  }
}

function describeVideo(project: Project, render: RenderJob | null, withScenes: boolean): McpVideo {
  return {
    project_id: project.id,
    title: project.title,
    render_id: render?.id ?? null,
    status: render?.status ?? 'not_rendered',
    stage: render?.stage ?? null,
    stage_label: render ? RENDER_STAGE_LABELS[render.stage] : null,
    progress: render?.progress ?? 0,
    error: render?.error ?? null,
    links: render?.status === 'succeeded' ? render.outputs : null,
    ...(withScenes
      ? { scenes: project.scenes.map(({ id, narration, visual, duration }) => ({ id, narration, visual, duration })) }
      : {}),
    next_step: describeNextStep(render),
  }
}

/**
 * What each tool does, in REST calls made with the caller's key; the inputs arrive checked against the tools'
 * schemas in the contracts, and the answers are checked against theirs before they are sent.
 */
export const RUN_TOOL: { [Name in McpToolName]: Run<Name> } = {
  async create_video({ idempotency_key: idempotencyKey, ...body }, api) {
    const video = CreatedVideoSchema.parse(
      await api.call({ method: 'POST', path: '/api/v1/videos', body, idempotencyKey }),
    )
    return { ...video, next_step: FOLLOW_THE_RENDER }
  },

  async get_video({ project_id, render_id, include_scenes = false }, api) {
    const project = ProjectSchema.parse(await api.call({ method: 'GET', path: projectPath(project_id) }))
    const render =
      render_id === undefined || render_id === project.latest_render?.id
        ? project.latest_render
        : RenderJobSchema.parse(await api.call({ method: 'GET', path: renderPath(project_id, render_id) }))
    return describeVideo(project, render, include_scenes)
  },

  async list_videos({ limit = DEFAULT_VIDEO_LIST_LENGTH }, api) {
    const { projects } = ProjectListSchema.parse(await api.call({ method: 'GET', path: '/api/v1/projects' }))
    return { projects: projects.slice(0, limit), total: projects.length }
  },

  async list_voices({ language }, api) {
    const { voices } = VoiceListSchema.parse(await api.call({ method: 'GET', path: '/api/v1/voices' }))
    return { voices: language ? voices.filter((voice) => languageOfTag(voice.language) === language) : voices }
  },

  async list_music(query, api) {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString()
    return MusicListSchema.parse(await api.call({ method: 'GET', path: `/api/v1/music${search ? `?${search}` : ''}` }))
  },

  async list_styles(_input, api) {
    return StyleListSchema.parse(await api.call({ method: 'GET', path: '/api/v1/styles' }))
  },

  async list_templates(_input, api) {
    return TemplateListSchema.parse(await api.call({ method: 'GET', path: '/api/v1/templates' }))
  },

  async reroll_scene({ project_id, scene_id }, api) {
    const project = ProjectSchema.parse(
      await api.call({ method: 'POST', path: `${projectPath(project_id)}/scenes/${scene_id}/reroll` }),
    )
    const scene = project.scenes.find((candidate) => candidate.id === scene_id)
    if (!scene) throw new Error(`The re-rolled project has no scene ${scene_id}`)
    return {
      project_id,
      scene: { id: scene.id, narration: scene.narration, visual: scene.visual, duration: scene.duration },
      thumbnail_url: project.scene_thumbnails[scene_id] ?? null,
      next_step: 'The scene has a new picture in the storyboard. Call render_video to render the video with it.',
    }
  },

  async render_video({ project_id, resolution }, api) {
    const render = RenderJobSchema.parse(
      await api.call({ method: 'POST', path: `${projectPath(project_id)}/renders`, body: { resolution } }),
    )
    return {
      project_id,
      render_id: render.id,
      status_url: renderPath(project_id, render.id),
      next_step: FOLLOW_THE_RENDER,
    }
  },
}
