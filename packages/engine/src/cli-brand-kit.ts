import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

import { z } from 'zod'

import { LOGO_OPACITY, LOGO_POSITIONS, LOGO_SIZE, type BrandOverlay } from './brand/brand-overlay.ts'
import { inspectLogo } from './brand/logo-image.ts'
import { EngineError } from './errors.ts'

/** A problem with the brand kit file: the command-line renderer answers it with exit code 2. */
export class BrandKitError extends Error {}

/** The `--brand-kit` file: what a brand puts on every video. Only the logo so far; its file is relative to the kit. */
const BrandKitFileSchema = z.strictObject({
  logo: z
    .strictObject({
      file: z
        .string('give the path of a PNG or WebP image, relative to the kit file')
        .trim()
        .min(1, 'give the path of a PNG or WebP image, relative to the kit file'),
      position: z
        .enum(LOGO_POSITIONS, { error: `the position is one of ${LOGO_POSITIONS.join(', ')}` })
        .default('top-right'),
      size: z
        .number('the size is a number')
        .min(LOGO_SIZE.min, `the size is ${LOGO_SIZE.min}-${LOGO_SIZE.max} of the frame's shorter side`)
        .max(LOGO_SIZE.max, `the size is ${LOGO_SIZE.min}-${LOGO_SIZE.max} of the frame's shorter side`)
        .default(LOGO_SIZE.default),
      opacity: z
        .number('the opacity is a number')
        .min(LOGO_OPACITY.min, `the opacity is ${LOGO_OPACITY.min}-${LOGO_OPACITY.max}`)
        .max(LOGO_OPACITY.max, `the opacity is ${LOGO_OPACITY.min}-${LOGO_OPACITY.max}`)
        .default(LOGO_OPACITY.default),
    })
    .optional(),
})

/**
 * Reads a brand kit file, `{ "logo": { "file": "logo.png", "position": "top-right", "size": 0.16,
 * "opacity": 0.9 } }`, into the render's brand option: every field checked, naming each wrong one, and the logo
 * read as a PNG or WebP before anything is drawn.
 */
export async function readBrandKit(file: string): Promise<BrandOverlay> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new BrandKitError(`Cannot read the brand kit ${file}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new BrandKitError(`The brand kit ${file} is not JSON: ${(error as Error).message}`)
  }
  const parsed = BrandKitFileSchema.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the file)'}: ${issue.message}`)
    throw new BrandKitError(`${file} is not a brand kit that can be used:\n  ${problems.join('\n  ')}`)
  }
  const { logo } = parsed.data
  if (!logo) return {}
  const logoFile = path.resolve(path.dirname(file), logo.file)
  const where = `${file}: logo.file "${logoFile}"`
  const info = await stat(logoFile).catch(() => undefined)
  if (!info?.isFile()) throw new BrandKitError(`${where}: there is no such file.`)
  try {
    await inspectLogo(logoFile)
  } catch (error) {
    if (error instanceof EngineError) throw new BrandKitError(`${where}: ${error.message}`)
    throw error
  }
  return { logo: { ...logo, file: logoFile } }
}
