import { z } from 'zod'

import { SingleLineTextSchema } from './request-text.ts'

/** The media library: the user's own photos, clips and music, uploaded once and used in any project. */

export const ASSET_KINDS = ['image', 'video', 'audio'] as const
export const AssetKindSchema = z.enum(ASSET_KINDS).meta({ id: 'AssetKind' })
export type AssetKind = z.infer<typeof AssetKindSchema>

export const ASSET_STATUSES = ['processing', 'ready', 'failed'] as const
export type AssetStatus = (typeof ASSET_STATUSES)[number]

export const ASSET_NAME_MAX_CHARS = 120
/** A photo with more pixels is refused before it is decoded: 20,000 × 20,000 is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 100_000_000
/** Music may run this long on any plan; clips follow the plan's own limit. */
export const AUDIO_MAX_SECONDS = 20 * 60
export const ASSETS_PAGE_SIZE_MAX = 100

/** What the file chooser offers; the server decides by decoding the file, never by this list. */
export const ACCEPTED_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
] as const

const AssetNameSchema = SingleLineTextSchema.trim().min(1, 'is required').max(ASSET_NAME_MAX_CHARS)

export const AssetSchema = z
  .object({
    id: z.uuid(),
    kind: AssetKindSchema,
    status: z.enum(ASSET_STATUSES),
    /** 0 to 1 while a clip or a track is converted. */
    progress: z.number().min(0).max(1),
    /** Why processing failed, for people. */
    error: z.string().nullable(),
    name: z.string(),
    size_bytes: z.number().int().min(0),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_seconds: z.number().nullable(),
    /** A signed, expiring link to a WebP thumbnail (photos, clips), once there is one. */
    thumbnail_url: z.string().nullable(),
    /** A signed, expiring link to the normalised copy scenes use, once it is ready. */
    url: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    /** The projects that use this asset. */
    projects: z.array(z.object({ id: z.uuid(), title: z.string() })),
    /** Where a file from a stock library came from, credited in every video that uses it; null for uploads. */
    credit: z
      .object({
        provider: z.enum(['pexels', 'pixabay']),
        /** The provider's item (`pexels:video:123`): one item is used once in a video. */
        item_id: z.string(),
        author: z.string(),
        author_url: z.string().nullable(),
        page_url: z.string(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'Asset' })
export type Asset = z.infer<typeof AssetSchema>

export const AssetUsageSchema = z
  .object({
    used_bytes: z.number().int().min(0),
    quota_bytes: z.number().int(),
    upload_max_bytes: z.number().int(),
    clip_max_seconds: z.number().int(),
  })
  .meta({ id: 'AssetUsage' })
export type AssetUsage = z.infer<typeof AssetUsageSchema>

export const AssetListQuerySchema = z.object({
  kind: AssetKindSchema.optional(),
  q: SingleLineTextSchema.trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ASSETS_PAGE_SIZE_MAX).default(40),
})
export type AssetListQuery = z.input<typeof AssetListQuerySchema>

export const AssetListSchema = z
  .object({
    assets: z.array(AssetSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    usage: AssetUsageSchema,
  })
  .meta({ id: 'AssetList' })
export type AssetList = z.infer<typeof AssetListSchema>

export const AssetPatchBodySchema = z.strictObject({ name: AssetNameSchema }).meta({ id: 'AssetPatchBody' })
export type AssetPatchBody = z.input<typeof AssetPatchBodySchema>
