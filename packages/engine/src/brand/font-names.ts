import { brotliDecompressSync, inflateSync } from 'node:zlib'

/** The font formats an owner may use, by the first bytes of the file. */
export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2'

/** The names a font file gives itself: its families (name IDs 1, 16 and 21), full and PostScript names. */
export type FontNames = { format: FontFormat; names: string[] }

/** A WOFF2 file inflates to at most this: no real font comes near it, a crafted one stops here. */
const INFLATED_MAX_BYTES = 64 * 1024 * 1024

/** Family (1), full name (4), PostScript name (6), typographic family (16) and WWS family (21). */
const NAME_IDS = new Set([1, 4, 6, 16, 21])

/** A file that cannot be read as one font; the message says why, for a person. */
export class FontFileError extends Error {}

const tagOf = (bytes: Buffer, at: number) => bytes.toString('latin1', at, at + 4)

function formatOf(bytes: Buffer): FontFormat {
  if (bytes.length < 12) throw new FontFileError('The font file is empty or cut short.')
  const tag = tagOf(bytes, 0)
  if (tag === 'wOFF') return 'woff'
  if (tag === 'wOF2') return 'woff2'
  if (tag === 'OTTO') return 'otf'
  if (tag === 'true' || bytes.readUInt32BE(0) === 0x00010000) return 'ttf'
  if (tag === 'ttcf') throw new FontFileError('The font file holds a collection of fonts: use one style of it.')
  throw new FontFileError('The file is not a font: use a TrueType (.ttf), OpenType (.otf), WOFF or WOFF2 file.')
}

/** The `name` table of a TrueType or OpenType file. */
function nameTableOfSfnt(bytes: Buffer): Buffer | undefined {
  const count = bytes.readUInt16BE(4)
  for (let index = 0; index < count; index++) {
    const at = 12 + index * 16
    if (at + 16 > bytes.length) break
    if (tagOf(bytes, at) !== 'name') continue
    const [offset, length] = [bytes.readUInt32BE(at + 8), bytes.readUInt32BE(at + 12)]
    return bytes.subarray(offset, offset + length)
  }
  return undefined
}

/** The `name` table of a WOFF file: each table deflated on its own, or stored as it is. */
function nameTableOfWoff(bytes: Buffer): Buffer | undefined {
  const count = bytes.readUInt16BE(12)
  for (let index = 0; index < count; index++) {
    const at = 44 + index * 20
    if (at + 20 > bytes.length) break
    if (tagOf(bytes, at) !== 'name') continue
    const [offset, compressed, length] = [
      bytes.readUInt32BE(at + 4),
      bytes.readUInt32BE(at + 8),
      bytes.readUInt32BE(at + 12),
    ]
    const data = bytes.subarray(offset, offset + compressed)
    return compressed < length ? inflateSync(data, { maxOutputLength: length }) : data
  }
  return undefined
}

/** WOFF2's variable-length unsigned integer (UIntBase128): where it ends and its value. */
function readBase128(bytes: Buffer, start: number): [value: number, next: number] {
  let value = 0
  for (let at = start; at < start + 5; at++) {
    const byte = bytes[at]
    if (byte === undefined) break
    value = value * 128 + (byte & 0x7f)
    if ((byte & 0x80) === 0) return [value, at + 1]
  }
  throw new FontFileError('The WOFF2 font is damaged: its table directory cannot be read.')
}

/** WOFF2 numbers its common tables; these are the ones the directory walk needs to know. */
const WOFF2_NAME = 5
const WOFF2_GLYF = 10
const WOFF2_LOCA = 11

/**
 * The `name` table of a WOFF2 file: every table is in one Brotli stream, in the directory's order, each as long
 * as its transformed length where it was transformed (glyf and loca by default, others when flagged).
 */
function nameTableOfWoff2(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 48) throw new FontFileError('The font file is empty or cut short.')
  if (tagOf(bytes, 4) === 'ttcf')
    throw new FontFileError('The font file holds a collection of fonts: use one style of it.')
  const count = bytes.readUInt16BE(12)
  const compressedLength = bytes.readUInt32BE(20)
  let at = 48
  let start = 0
  let name: { start: number; length: number } | undefined
  for (let index = 0; index < count; index++) {
    const flags = bytes[at]
    if (flags === undefined) throw new FontFileError('The WOFF2 font is damaged: its table directory is cut short.')
    const known = flags & 0x3f
    at += known === 0x3f ? 5 : 1
    const transform = flags >> 6
    let length: number
    ;[length, at] = readBase128(bytes, at)
    const glyphTable = known === WOFF2_GLYF || known === WOFF2_LOCA
    if (glyphTable ? transform === 0 : transform !== 0) [length, at] = readBase128(bytes, at)
    if (known === WOFF2_NAME) name = { start, length }
    start += length
  }
  if (!name) return undefined
  let inflated: Buffer
  try {
    inflated = brotliDecompressSync(bytes.subarray(at, at + compressedLength), {
      maxOutputLength: INFLATED_MAX_BYTES,
    })
  } catch {
    throw new FontFileError('The WOFF2 font is damaged: its tables cannot be decompressed.')
  }
  return inflated.subarray(name.start, name.start + name.length)
}

/** The family, full and PostScript names of a `name` table, in every language it has them in. */
function readNames(table: Buffer): string[] {
  if (table.length < 6) return []
  const count = table.readUInt16BE(2)
  const strings = table.readUInt16BE(4)
  const names = new Set<string>()
  for (let index = 0; index < count; index++) {
    const at = 6 + index * 12
    if (at + 12 > table.length) break
    const [platform, nameId, length, offset] = [
      table.readUInt16BE(at),
      table.readUInt16BE(at + 6),
      table.readUInt16BE(at + 8),
      table.readUInt16BE(at + 10),
    ]
    if (!NAME_IDS.has(nameId)) continue
    const raw = table.subarray(strings + offset, strings + offset + length)
    // Unicode and Windows names are UTF-16BE; Macintosh Roman matches Latin-1 for the letters of a name.
    const text =
      platform === 1
        ? raw.toString('latin1')
        : Buffer.from(raw.subarray(0, length & ~1))
            .swap16()
            .toString('utf16le')
    if (text.trim()) names.add(text.trim())
  }
  return [...names]
}

/**
 * What a font file is and the names it gives itself, read from its own tables (never from its file name):
 * refused with a FontFileError when it is not a single TrueType, OpenType, WOFF or WOFF2 font.
 */
export function readFontNames(bytes: Buffer): FontNames {
  const format = formatOf(bytes)
  try {
    const table =
      format === 'woff2' ? nameTableOfWoff2(bytes) : format === 'woff' ? nameTableOfWoff(bytes) : nameTableOfSfnt(bytes)
    // Every font names itself; a file without the table is cut short or not what it says it is.
    if (!table) throw new FontFileError('The font file is damaged: it has no names.')
    return { format, names: readNames(table) }
  } catch (error) {
    if (error instanceof FontFileError) throw error
    throw new FontFileError('The font file is damaged: its tables cannot be read.')
  }
}
