import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

import type { FastifyRequest } from 'fastify'
import * as fontkit from 'fontkit'

import {
  BrandKitInputSchema,
  checkBrandColours,
  getDefaultBrandKit,
  type BrandKit,
  type BrandKitInput,
} from '@storyreel/contracts/brand-kit'
import { BRAND_FONT_MAX_BYTES, PLAN_LIMITS, type Plan } from '@storyreel/contracts/plans'
import type { BrandKitFont, BrandKitSettings } from '@storyreel/db/schema'
import { EngineError, inspectBrandFont } from '@storyreel/engine/engine'

import type { MediaStore } from '#src/adapters/media/media-store.ts'
import { AppError } from '#src/errors.ts'
import { receiveUpload } from '#src/modules/assets/asset-upload.ts'
import type { AssetsService } from '#src/modules/assets/assets.service.ts'

import type { BrandKitRepository, BrandKitRow } from './brand-kit.repository.ts'

/** Every file of an account's kit lives here; the folder goes with the account. */
export const brandKitPrefix = (userId: string) => `brand-kits/${userId}`

/** What fontkit calls each format it decoded, as we name them. */
const FONT_FORMATS: Record<string, BrandKitFont['format']> = {
  TTF: 'ttf',
  WOFF: 'woff',
  WOFF2: 'woff2',
}

const NOT_A_FONT = () =>
  new AppError(
    'FONT_UNREADABLE',
    415,
    'This file is not a font we can read. Upload a TrueType (.ttf), OpenType (.otf), WOFF or WOFF2 file.',
  )

/**
 * Decides what an uploaded file is by parsing it as a font (never by its name): one font with a family name
 * and glyphs, or an error for people. A font collection is refused: the studio could not tell which to use.
 */
export function inspectFont(bytes: Buffer): { family: string; format: BrandKitFont['format'] } {
  let parsed: fontkit.Font | fontkit.FontCollection
  try {
    parsed = fontkit.create(bytes)
  } catch {
    throw NOT_A_FONT()
  }
  if ('fonts' in parsed)
    throw new AppError(
      'FONT_COLLECTION',
      415,
      'This file holds a collection of fonts. Upload the one style you want (a single .ttf, .otf, .woff or .woff2).',
    )
  let family: string
  let glyphs: number
  try {
    // The name is the file's own text: control characters (a NUL byte PostgreSQL refuses) and broken
    // surrogates are dropped before it is stored or shown.
    family = (parsed.familyName || parsed.postscriptName || '').replace(/[\p{Cc}\p{Cs}]/gu, '').trim()
    glyphs = parsed.numGlyphs
  } catch {
    throw NOT_A_FONT()
  }
  if (!family || glyphs < 2) throw NOT_A_FONT()
  const signature = bytes.subarray(0, 4).toString('latin1')
  const format = signature === 'OTTO' ? 'otf' : FONT_FORMATS[parsed.type]
  if (!format) throw NOT_A_FONT()
  return { family: [...family].slice(0, 100).join(''), format }
}

/** The kit's settings as the database keeps them, from what the owner sent. */
function toSettings(input: ReturnType<typeof BrandKitInputSchema.parse>): BrandKitSettings {
  return {
    logo: input.logo,
    colours: input.colours,
    opening_card: input.opening_card,
    closing_card: input.closing_card,
  }
}

export function createBrandKitService(deps: {
  kits: BrandKitRepository
  assets: Pick<AssetsService, 'findLogo'>
  media: MediaStore
  scratchDir: string
  uploadIdleMs?: number | undefined
}) {
  const { kits, media } = deps

  async function toKit(userId: string, row: BrandKitRow | undefined): Promise<BrandKit> {
    if (!row) return getDefaultBrandKit()
    const { settings, font } = row
    const logo = settings.logo ? await deps.assets.findLogo(userId, settings.logo.asset_id) : undefined
    return {
      logo: settings.logo as BrandKit['logo'],
      logo_url: logo?.url ?? null,
      colours: settings.colours,
      font: font ? { family: font.family, format: font.format, uploaded_at: font.uploadedAt } : null,
      opening_card: settings.opening_card,
      closing_card: settings.closing_card,
      contrast: checkBrandColours(settings.colours),
      updated_at: row.updatedAt.toISOString(),
    }
  }

  return {
    async get(userId: string): Promise<BrandKit> {
      return toKit(userId, await kits.find(userId))
    },

    /** Saves the whole kit but its font; the logo must be a PNG or WebP photo of the owner's library. */
    async save(userId: string, body: BrandKitInput): Promise<BrandKit> {
      const input = BrandKitInputSchema.parse(body)
      if (input.logo) {
        const logo = await deps.assets.findLogo(userId, input.logo.asset_id)
        if (!logo) throw new AppError('ASSET_NOT_FOUND', 404, 'That logo is not in your library.')
        if (!logo.usable)
          throw new AppError(
            'LOGO_FORMAT',
            422,
            'A logo must be a PNG or WebP image (they keep a transparent background). Upload your logo as one of those.',
          )
      }
      return toKit(userId, await kits.saveSettings(userId, toSettings(input)))
    },

    /** Reads an uploaded font, checks it is one, and makes it the kit's; the previous file is removed. */
    async uploadFont(user: { id: string; plan: Plan }, request: FastifyRequest): Promise<BrandKit> {
      if (!PLAN_LIMITS[user.plan].brandFont)
        throw new AppError(
          'BRAND_FONT_NOT_IN_PLAN',
          403,
          'Your own font comes with a paid plan. The free plan’s videos use our fonts, with your logo, colours and cards.',
        )
      // The scratch folder is made by the first upload of any kind: a font may be the account's first.
      await mkdir(deps.scratchDir, { recursive: true })
      const work = await mkdtemp(path.join(deps.scratchDir, 'font-'))
      try {
        const received = await receiveUpload(request, {
          dir: work,
          maxBytes: BRAND_FONT_MAX_BYTES,
          idleMs: deps.uploadIdleMs,
        })
        const { family, format } = inspectFont(await readFile(received.path))
        // And as the renderer will read it, so a font it would refuse (one naming itself like ours) is refused now.
        await inspectBrandFont(received.path).catch((error: unknown) => {
          if (error instanceof EngineError && error.kind === 'invalid')
            throw new AppError('FONT_UNREADABLE', 415, error.message)
          throw error
        })
        // A folder per file, so replacing it is a prefix delete like every other in the stores.
        const key = `${brandKitPrefix(user.id)}/font-${randomUUID()}/font.${format}`
        await media.putFile(key, received.path)
        const existing = await kits.find(user.id)
        const defaults = existing?.settings ?? toSettings(BrandKitInputSchema.parse({}))
        const { row, replacedKey } = await kits.saveFont(
          user.id,
          { key, family, format, uploadedAt: new Date().toISOString() },
          defaults,
        )
        if (replacedKey && replacedKey !== key) await media.deletePrefix(path.posix.dirname(replacedKey))
        return await toKit(user.id, row)
      } finally {
        await rm(work, { recursive: true, force: true })
      }
    },

    async deleteFont(userId: string): Promise<BrandKit> {
      const existing = await kits.find(userId)
      if (!existing?.font) return toKit(userId, existing)
      const { row, replacedKey } = await kits.saveFont(userId, null, existing.settings)
      if (replacedKey) await media.deletePrefix(path.posix.dirname(replacedKey))
      return toKit(userId, row)
    },

    /** Before the account goes: the kit's files (its row goes with the account). */
    async deleteAllForUser(userId: string): Promise<void> {
      await media.deletePrefix(brandKitPrefix(userId))
    },
  }
}

export type BrandKitService = ReturnType<typeof createBrandKitService>
