import { z } from 'zod'

import { ProjectSettingsSchema, SceneSchema } from '@storyreel/contracts/studio'

/**
 * A library asset a render uses, as it was when the render was asked for. `fileKey` names the immutable
 * normalised copy in the media store (null: the clip or track was still being converted; the worker looks
 * again). A deleted asset's files are kept until no queued or running render's spec names it.
 */
export const RenderMediaSchema = z.object({
  kind: z.enum(['image', 'video', 'audio']),
  name: z.string(),
  fileKey: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  /** A stock photo or clip: its credit, for the licence receipt. Absent in specs written before stock. */
  credit: z
    .object({
      provider: z.enum(['pexels', 'pixabay']),
      author: z.string(),
      authorUrl: z.string().optional(),
      pageUrl: z.string(),
    })
    .optional(),
})
export type RenderMedia = z.infer<typeof RenderMediaSchema>

/** The brand kit's parts a render shows (those the project uses and the kit has), as the kit was then. */
export const RenderBrandSchema = z.object({
  logo: z
    .object({
      assetId: z.string(),
      position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']),
      size: z.number(),
      opacity: z.number(),
    })
    .optional(),
  colours: z.object({ primary: z.string(), accent: z.string() }).optional(),
  /** The brand font's file in the media store: each upload has a key of its own, so it never changes. */
  font: z.object({ key: z.string(), family: z.string() }).optional(),
  openingCard: z.object({ headline: z.string(), seconds: z.number() }).optional(),
  closingCard: z
    .object({ callToAction: z.string(), contact: z.string(), seconds: z.number(), voiced: z.boolean() })
    .optional(),
})
export type RenderBrand = z.infer<typeof RenderBrandSchema>

/** What a render works from: the project as it was when the render was asked for. */
export const RenderSpecSchema = z.object({
  title: z.string(),
  settings: ProjectSettingsSchema,
  scenes: z.array(SceneSchema).min(1),
  /** Named in the licence receipt. */
  scriptEngine: z.string(),
  /** Whom the licence receipt is issued to: the owner's e-mail when the render was asked for. */
  issuedTo: z.string(),
  /** The owner's photos, clips and track the scenes and music name, by asset id (none before issue 27). */
  media: z.record(z.string(), RenderMediaSchema).default({}),
  /**
   * The parts of the owner's brand kit the video shows, as they were when the render was asked for; absent when
   * it shows none (and in specs written before brand kits). The logo's file is in `media`, under its asset id.
   */
  brand: RenderBrandSchema.optional(),
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
  /** How long the brand's cards lasted (a voiced closing card as long as its speech); absent before cards. */
  cardSeconds: z.object({ opening: z.number(), closing: z.number() }).optional(),
})
export type RenderOutputKeys = z.infer<typeof RenderOutputKeysSchema>
