import type { Plan } from '@storyreel/contracts/plans'
import type { StockFillOutcome } from '@storyreel/contracts/stock'
import type { AspectRatio, SavedProject, SceneMediaInput } from '@storyreel/contracts/studio'
import { castOf, stockQueryOf } from '@storyreel/engine/engine'

import { AppError } from '#src/errors.ts'
import type { AssetsService } from '#src/modules/assets/assets.service.ts'
import type { ProjectsService } from '#src/modules/projects/projects.service.ts'

import type { StockService } from './stock.service.ts'

export const ORIENTATIONS: Record<AspectRatio, 'portrait' | 'landscape' | 'square'> = {
  '9:16': 'portrait',
  '16:9': 'landscape',
  '1:1': 'square',
}

type User = Parameters<ProjectsService['get']>[0] & { id: string; plan: Plan }

/**
 * "Stock footage for every scene": each scene that shows no chosen picture gets the first clip its words find
 * (a photo where no clip does) that the video does not already show, brought into the library and credited;
 * a scene where nothing fits keeps its drawing and says why. Scenes that chose a picture are left as they are.
 */
export async function fillWithStock(
  deps: {
    stock: StockService
    assets: Pick<AssetsService, 'importFile' | 'get' | 'findStockItem'>
    projects: Pick<ProjectsService, 'get' | 'update'>
  },
  user: User,
  projectId: string,
  shortSide: number,
): Promise<{ project: SavedProject; scenes: StockFillOutcome[] }> {
  const project = await deps.projects.get(user, projectId)
  const language = project.settings.language ?? 'en'
  const orientation = ORIENTATIONS[project.settings.aspect_ratio]
  const cast = castOf(
    project.scenes.flatMap((scene) => [scene.visual, scene.narration]),
    language,
  )
  // What the video already shows from stock, so no item appears twice.
  const used = new Set<string>()
  for (const scene of project.scenes) {
    const media = scene.media
    if (media?.type !== 'photo' && media?.type !== 'clip') continue
    const asset = await deps.assets.get(user.id, media.asset_id).catch(() => undefined)
    if (asset?.credit) used.add(asset.credit.item_id)
  }
  const outcomes: StockFillOutcome[] = []
  const media = new Map<string, SceneMediaInput>()
  let stopped: string | undefined
  for (const scene of project.scenes) {
    if (scene.media) continue
    const drawn = (message: string) => outcomes.push({ scene_id: scene.id, result: 'drawn', asset_id: null, message })
    if (stopped) {
      drawn(stopped)
      continue
    }
    const q = stockQueryOf({ visual: scene.visual, narration: scene.narration, seed: scene.seed, cast, language })
    if (!q) {
      drawn('Its words name nothing to search stock media for: it keeps its drawing.')
      continue
    }
    let picked = false
    for (const kind of ['video', 'photo'] as const) {
      let items
      try {
        items = (await deps.stock.search({ q, kind, orientation, language, page: 1 })).items
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        // A provider that asks us to wait, or is down, stops the filling; what was picked stays.
        stopped = `${error.message} It keeps its drawing for now.`
        break
      }
      const item = items.find((candidate) => !used.has(candidate.id))
      if (!item) continue
      const asset = await deps.stock.importItem(user, item.id, shortSide, deps.assets)
      used.add(item.id)
      media.set(
        scene.id,
        kind === 'video' ? { type: 'clip', asset_id: asset.id } : { type: 'photo', asset_id: asset.id },
      )
      outcomes.push({
        scene_id: scene.id,
        result: kind === 'video' ? 'clip' : 'photo',
        asset_id: asset.id,
        message: `${kind === 'video' ? 'A clip' : 'A photo'} by ${item.author.name}, found for “${q}”.`,
      })
      picked = true
      break
    }
    if (stopped && !picked) drawn(stopped)
    else if (!picked) drawn(`No stock clip or photo matched “${q}”: it keeps its drawing.`)
  }
  const saved =
    media.size > 0
      ? await deps.projects.update(user, projectId, {
          scenes: project.scenes.map((scene) => ({ ...scene, media: media.get(scene.id) ?? scene.media ?? null })),
        })
      : await deps.projects.update(user, projectId, { title: project.title })
  return { project: saved, scenes: outcomes }
}
