import { z } from 'zod'

import { ProjectSettingsSchema, SceneSchema } from '@storyreel/contracts/studio'

/** What a render works from: the project as it was when the render was asked for. */
export const RenderSpecSchema = z.object({
  title: z.string(),
  settings: ProjectSettingsSchema,
  scenes: z.array(SceneSchema).min(1),
  /** Named in the licence receipt. */
  scriptEngine: z.string(),
  /** Whom the licence receipt is issued to: the owner's e-mail when the render was asked for. */
  issuedTo: z.string(),
})
export type RenderSpec = z.infer<typeof RenderSpecSchema>

/** Where a finished render's files are in the media store, and their figures. */
export const RenderOutputKeysSchema = z.object({
  videoKey: z.string(),
  posterKey: z.string(),
  thumbnailKey: z.string(),
  srtKey: z.string().nullable(),
  vttKey: z.string().nullable(),
  receiptKey: z.string(),
  durationSeconds: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  renderSeconds: z.number(),
  stageSeconds: z.record(z.string(), z.number()),
  /** Scenes the render made longer so that all of their measured speech is heard. */
  lengthenedScenes: z
    .array(z.object({ scene_id: z.string(), from_seconds: z.number(), to_seconds: z.number() }))
    .default([]),
})
export type RenderOutputKeys = z.infer<typeof RenderOutputKeysSchema>
