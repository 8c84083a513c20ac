import { randomUUID } from 'node:crypto'

import { STOCK_TERMS } from '@storyreel/contracts/stock'
import type { LicenceReceipt, Resolution } from '@storyreel/contracts/studio'
import type { RenderResult } from '@storyreel/engine/engine'

import type { MediaStore } from '#src/adapters/media/media-store.ts'

import type { RenderOutputKeys, RenderSpec } from './render-spec.ts'

const RECEIPT_PERMITTED = [
  'Publish the video anywhere, including monetised social media posts, websites, apps and paid advertising.',
  'Use it for your own business or for clients, in any country, with no time limit.',
  'Edit, cut, caption, translate and re-encode it.',
]
const RECEIPT_NOT_PERMITTED = [
  'Selling or distributing the music track or the voice recording on their own, apart from the video.',
  'Registering the music in a content-ID system or claiming it as your own composition.',
  'Using the video to impersonate a real person or to mislead people about who is speaking.',
]
/** With the owner's own track as the music, the limits on the music library's tracks do not apply to it. */
export const OWN_MUSIC_NOT_PERMITTED = [
  'Selling or distributing the voice recording on its own, apart from the video.',
  'Using the video to impersonate a real person or to mislead people about who is speaking.',
]
/** Said whenever the video shows the owner's own photos, clips or music: no licence of ours covers those. */
export const OWN_MEDIA_NOTE =
  'Taking this receipt as a licence for your own photos, clips or music: they stay yours, it grants nothing for them, and you remain responsible for holding the rights to use them.'

/** Where a render's files live in the media store: one folder per render of a project. */
export const renderPrefix = (projectId: string, jobId: string) => `projects/${projectId}/renders/${jobId}`

/**
 * Moves a finished render's files from the engine's output folder into the media store and writes the
 * licence receipt beside them: what the user may do with the video, and with what it was made.
 */
export async function storeRenderOutputs({
  media,
  result,
  job,
  spec,
}: {
  media: MediaStore
  result: RenderResult
  job: { id: string; projectId: string; resolution: Resolution }
  spec: RenderSpec
}): Promise<RenderOutputKeys> {
  const prefix = renderPrefix(job.projectId, job.id)
  const { files } = result
  const keys: RenderOutputKeys = {
    videoKey: `${prefix}/video.mp4`,
    posterKey: `${prefix}/poster.jpg`,
    thumbnailKey: `${prefix}/thumbnail.jpg`,
    srtKey: files.srt ? `${prefix}/captions.srt` : null,
    vttKey: files.vtt ? `${prefix}/captions.vtt` : null,
    receiptKey: `${prefix}/licence-receipt.json`,
    durationSeconds: result.durationSeconds,
    width: result.width,
    height: result.height,
    sizeBytes: result.sizeBytes,
    renderSeconds: result.renderSeconds,
    stageSeconds: result.stageSeconds,
    lengthenedScenes: result.lengthenedScenes.map(({ sceneId, from, to }) => ({
      scene_id: sceneId,
      from_seconds: from,
      to_seconds: to,
    })),
    cardSeconds: result.cardSeconds,
  }
  const { music } = result.credits
  const receipt: LicenceReceipt = {
    receipt_id: randomUUID(),
    project_id: job.projectId,
    render_id: job.id,
    issued_at: new Date().toISOString(),
    issued_to: spec.issuedTo,
    video: { title: spec.title, duration_seconds: result.durationSeconds, resolution: job.resolution },
    voice: { ...result.credits.voice, engine: result.credits.engines.voice },
    music,
    // The owner's own photos and clips, by their library names: theirs, so no licence of ours covers them.
    own_media: result.credits.ownMedia,
    // Stock photos and clips: credited to their authors, with each provider's licence in short.
    stock_media: result.credits.stockMedia.map((item) => ({
      kind: item.kind,
      provider: STOCK_TERMS[item.provider].name,
      author: item.author,
      author_url: item.authorUrl ?? null,
      page_url: item.pageUrl,
      licence: STOCK_TERMS[item.provider].licence,
      licence_url: STOCK_TERMS[item.provider].url,
    })),
    engines: { script: spec.scriptEngine, ...result.credits.engines },
    artwork: result.credits.artwork,
    permitted: RECEIPT_PERMITTED,
    not_permitted: [
      ...(music?.source === 'own' ? OWN_MUSIC_NOT_PERMITTED : RECEIPT_NOT_PERMITTED),
      ...(music?.source === 'own' || result.credits.ownMedia.length > 0 ? [OWN_MEDIA_NOTE] : []),
    ],
  }
  await Promise.all([
    media.putFile(keys.videoKey, files.video),
    media.putFile(keys.posterKey, files.poster),
    media.putFile(keys.thumbnailKey, files.thumbnail),
    keys.srtKey && files.srt ? media.putFile(keys.srtKey, files.srt) : undefined,
    keys.vttKey && files.vtt ? media.putFile(keys.vttKey, files.vtt) : undefined,
    media.put(keys.receiptKey, Buffer.from(JSON.stringify(receipt, null, 2))),
  ])
  return keys
}
