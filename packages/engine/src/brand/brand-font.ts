import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'

import { GlobalFonts, type FontKey } from '@napi-rs/canvas'

import { EngineError } from '#src/errors.ts'

import type { BrandFontFile } from './brand-overlay.ts'
import { FontFileError, readFontNames, type FontFormat } from './font-names.ts'

/** Larger than any font a brand would use for Latin or Devanagari text; a CJK font with every weight is not. */
export const BRAND_FONT_MAX_BYTES = 32 * 1024 * 1024

/**
 * A brand font is registered under this and a hash of its bytes, never under the name inside the file: a font
 * calling itself "Inter" stays apart from ours, and two fonts with one name from two accounts stay apart.
 */
export const BRAND_FAMILY_PREFIX = 'StoryReel Brand '

/**
 * The canvas registers a font under the names inside its file as well as its alias, so a font naming itself like
 * one of ours ("StoryReel Inter") would join that family and could be drawn in its place: such a font is refused.
 */
const OUR_NAMESPACE = /^storyreel(\s|$)/iu

/** A brand font as the drawing code needs it, in any thread of the process: its alias and its file. */
export type BrandFontFace = { family: string; file: string }

/** A registered brand font, held until `release` (the end of a task). */
export type HeldBrandFont = BrandFontFace & { format: FontFormat; release(): void }

const refuse = (message: string) => new EngineError('invalid', 'visuals', message)

/** The family a font's bytes are registered under: the same file has the same alias in every process. */
export const getBrandFamily = (bytes: Buffer): string =>
  `${BRAND_FAMILY_PREFIX}${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`

/** Checks a font's bytes: one TTF, OTF, WOFF or WOFF2 font that names itself nothing of ours. */
function checkFont(bytes: Buffer): { format: FontFormat; names: string[]; family: string } {
  let read: ReturnType<typeof readFontNames>
  try {
    read = readFontNames(bytes)
  } catch (error) {
    if (error instanceof FontFileError) throw refuse(error.message)
    throw error
  }
  const ours = read.names.find((name) => OUR_NAMESPACE.test(name))
  if (ours) {
    throw refuse(`The font calls itself "${ours}", a name kept for StoryReel's own fonts: use another font.`)
  }
  return { ...read, family: getBrandFamily(bytes) }
}

async function readFontFile(file: string): Promise<Buffer> {
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile()) throw new EngineError('not-found', 'visuals', 'The font file cannot be found.')
  if (info.size > BRAND_FONT_MAX_BYTES) {
    throw refuse(`The font file is ${Math.round(info.size / 1024 / 1024)} MB; it may be at most 32 MB.`)
  }
  return readFile(file)
}

/**
 * A font file checked as a brand font would be, without registering it: its format, the names it gives itself,
 * and the family it would be drawn under. Refused with an 'invalid' EngineError when it is no font, a collection,
 * damaged, or names itself like one of our fonts; 'not-found' when the file is missing.
 */
export async function inspectBrandFont(file: string): Promise<{ format: FontFormat; names: string[]; family: string }> {
  return checkFont(await readFontFile(file))
}

/** Brand fonts registered by acquireBrandFont in this process, by family, with how many tasks hold each. */
const held = new Map<string, { key: FontKey; users: number }>()

/**
 * Registers a brand font for a task, under its own alias (getBrandFamily), for every thread of this process (the
 * canvas's fonts are the process's): checked first, as inspectBrandFont does. `release` removes it once no task
 * holds it, so fonts do not pile up in a long-lived renderer, and text in no font of ours never falls back to an
 * owner's font in another owner's video.
 */
export async function acquireBrandFont(font: BrandFontFile): Promise<HeldBrandFont> {
  const bytes = await readFontFile(font.file)
  const { family, format } = checkFont(bytes)
  const entry = held.get(family)
  if (entry) entry.users += 1
  else {
    const key = GlobalFonts.register(bytes, family)
    if (!key) throw refuse('The font file is damaged: it cannot be drawn with.')
    held.set(family, { key, users: 1 })
  }
  let released = false
  return {
    family,
    file: font.file,
    format,
    release() {
      if (released) return
      released = true
      const current = held.get(family)
      if (!current) return
      current.users -= 1
      if (current.users > 0) return
      held.delete(family)
      GlobalFonts.remove(current.key)
    },
  }
}

/**
 * Makes sure a brand font is registered before text is drawn with it: a no-op where its task holds it (the usual
 * case, drawing threads share the process's fonts). Otherwise it is read, checked and registered from its file.
 */
export function useBrandFont(face: BrandFontFace): void {
  if (GlobalFonts.has(face.family)) return
  const bytes = readFileSync(face.file)
  const { family } = checkFont(bytes)
  if (family !== face.family) throw new EngineError('failed', 'visuals', 'The brand font file changed during the task.')
  if (!GlobalFonts.register(bytes, family)) throw refuse('The font file is damaged: it cannot be drawn with.')
}
