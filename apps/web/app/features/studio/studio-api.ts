import {
  LicenceReceiptSchema,
  type CreateProjectBody,
  type LicenceReceipt,
  type MusicQuery,
  type MusicTrack,
  type NewProjectSettings,
  type Project,
  type ProjectList,
  type RenderJob,
  type Resolution,
  type SavedProject,
  type ScenePreview,
  type Source,
  type SourceCheck,
  type UpdateProjectBody,
  type Usage,
  type Voice,
} from '@storyreel/contracts/studio'

import type { Asset, AssetKind, AssetList } from '@storyreel/contracts/assets'
import type { PublicConfig } from '@storyreel/contracts/public-config'
import type { StockFillOutcome, StockSceneQuery, StockSearchResult } from '@storyreel/contracts/stock'
import type { CreateTemplateBody, Template, TemplateList } from '@storyreel/contracts/templates'

import { getApi } from '#app/lib/api.ts'
import { getBaseAddresses } from '#app/lib/query.ts'
import { env } from '#app/lib/env.ts'

const project = (id: string) => `projects/${encodeURIComponent(id)}`
const render = (id: string, renderId: string) => `${project(id)}/renders/${encodeURIComponent(renderId)}`
const scene = (id: string, sceneId: string) => `${project(id)}/scenes/${encodeURIComponent(sceneId)}`
const auth = { auth: true } as const
// Writes show the server's message as a toast; screens add their own words for the codes they explain.
const write = { auth: true, notifyOnError: true } as const

/** The studio's calls, all on the product API with the session token. */
export const studioApi = {
  /** Which writer drafts storyboards from a prompt on this server (public settings, no session needed). */
  getScriptWriter: async () => (await getApi().get<PublicConfig>('config', { retry: 2 })).studio.script_writer,
  /** Whether a hosted image engine pictures scenes here, so a scene may choose it or the built-in illustrator. */
  getHostedImages: async () =>
    (await getApi().get<Partial<PublicConfig>>('config', { retry: 2 })).studio?.hosted_images === true,
  /** The stock libraries a scene can be searched in here (none: an administrator has not turned stock on). */
  getStockProviders: async () =>
    (await getApi().get<Partial<PublicConfig>>('config', { retry: 2 })).studio?.stock ?? [],
  /** A scene's first stock search: the words the engine read in it, its language and the frame's shape. */
  getStockQuery: (id: string, sceneId: string) =>
    getApi().get<StockSceneQuery>(`${scene(id, sceneId)}/stock-query`, auth),
  searchStock: (
    query: { q: string; kind: 'video' | 'photo'; orientation: string; language: string },
    signal?: AbortSignal,
  ) =>
    getApi().get<StockSearchResult>(`stock/search?${new URLSearchParams({ ...query, page: '1' }).toString()}`, {
      auth: true,
      signal,
    }),
  /** Brings a found stock item into the library, credited; the server fetches it, once. */
  importStock: (id: string) => getApi().post<Asset>('stock/import', { id }, { ...write, timeoutMs: 0 }),
  /** "Stock for every scene": the server fills the scenes that show no chosen picture, and says what it did. */
  fillWithStock: (id: string) =>
    getApi().post<{ project: SavedProject; scenes: StockFillOutcome[] }>(
      `${project(id)}/stock-fill`,
      {},
      {
        ...write,
        timeoutMs: 0,
      },
    ),
  getUsage: () => getApi().get<Usage>('usage', auth),
  listProjects: () => getApi().get<ProjectList>('projects', auth),
  getProject: (id: string) => getApi().get<Project>(project(id), auth),
  createProject: (body: CreateProjectBody) => getApi().post<Project>('projects', body, write),
  /** The language, its voice and a prompt's length, read as the user writes: quiet, the form says nothing on a failure. */
  checkSource: (source: Source, signal?: AbortSignal) =>
    getApi().post<SourceCheck>('projects/source-check', { source }, { auth: true, signal }),
  updateProject: (id: string, body: UpdateProjectBody, options: { quiet?: boolean } = {}) =>
    getApi().patch<SavedProject>(project(id), body, { auth: true, notifyOnError: !options.quiet }),
  deleteProject: (id: string) => getApi().delete<undefined>(project(id), write),
  duplicateProject: (id: string) => getApi().post<Project>(`${project(id)}/duplicate`, {}, write),
  regenerateStoryboard: (id: string) => getApi().post<Project>(`${project(id)}/storyboard`, {}, write),
  rerollScene: (id: string, sceneId: string) => getApi().post<Project>(`${scene(id, sceneId)}/reroll`, {}, write),
  // A preview renders a few seconds of video on the server: no request timeout.
  previewScene: (id: string, sceneId: string) =>
    getApi().post<ScenePreview>(`${scene(id, sceneId)}/preview`, {}, { ...write, timeoutMs: 0 }),
  startRender: (id: string, resolution: Resolution) =>
    getApi().post<RenderJob>(`${project(id)}/renders`, { resolution }, auth),
  getRender: (id: string, renderId: string, signal?: AbortSignal) =>
    getApi().get<RenderJob>(render(id, renderId), { auth: true, signal }),
  cancelRender: (id: string, renderId: string) => getApi().post<RenderJob>(`${render(id, renderId)}/cancel`, {}, write),
  retryRender: (id: string, renderId: string) => getApi().post<RenderJob>(`${render(id, renderId)}/retry`, {}, auth),
  listVoices: () => getApi().get<{ voices: Voice[] }>('voices', auth),
  listMusic: (query: MusicQuery = {}) => {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(query)) if (value) params.set(name, value)
    const search = params.toString()
    return getApi().get<{ tracks: MusicTrack[] }>(search ? `music?${search}` : 'music', auth)
  },
  /** The built-in templates, then the account's own, with how many it may keep. */
  listTemplates: () => getApi().get<TemplateList>('templates', auth),
  saveAsTemplate: (body: CreateTemplateBody) => getApi().post<Template>('templates', body, write),
  renameTemplate: (id: string, name: string) =>
    getApi().patch<Template>(`templates/${encodeURIComponent(id)}`, { name }, write),
  deleteTemplate: (id: string) => getApi().delete<undefined>(`templates/${encodeURIComponent(id)}`, write),
  /** A project laid out as the template, with the create form's settings. */
  startFromTemplate: (id: string, body: { settings: NewProjectSettings }) =>
    getApi().post<Project>(`templates/${encodeURIComponent(id)}/projects`, body, write),
  /** A page of the owner's media library, newest first, for the studio's pickers. */
  listAssets: ({ kind, q }: { kind: AssetKind; q?: string | undefined }, page: number) => {
    const params = new URLSearchParams({ kind, page: String(page), page_size: String(ASSET_PAGE_SIZE) })
    if (q) params.set('q', q)
    return getApi().get<AssetList>(`assets?${params.toString()}`, auth)
  },
}

/** Library items a picker page shows: four rows of a phone's grid, three of a desktop's. */
export const ASSET_PAGE_SIZE = 24

/** The events stream's address: read with fetch, since it needs the Bearer header. */
export function getRenderEventsUrl(id: string, renderId: string): string {
  const { api } = getBaseAddresses({
    origin: window.location.origin,
    nodeHost: env.nodeHost,
    apiVersion: env.apiVersion,
  })
  return `${api}${render(id, renderId)}/events`
}

/** The receipt is a signed same-origin file, so it needs no token; the contract checks its shape. */
export async function getLicenceReceipt(url: string, signal?: AbortSignal): Promise<LicenceReceipt> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal })
  if (!response.ok) throw new Error(`The licence receipt could not be loaded (${response.status}).`)
  return LicenceReceiptSchema.parse(await response.json())
}
