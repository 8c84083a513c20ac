import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)

/** Real fonts a test can use as an owner's: a TTF we do not draw with, and Inter, as the web app's WOFF and WOFF2. */
export const FONT_FILES = {
  /** Patrick Hand, whose letters are much narrower than our Inter's. */
  ttf: path.join(
    path.dirname(require.resolve('@expo-google-fonts/patrick-hand/package.json')),
    '400Regular/PatrickHand_400Regular.ttf',
  ),
  /** Inter 400 (Latin), whose family name inside the file is "Inter", as our sans's is. */
  interWoff2: fileURLToPath(
    new URL('../../../../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2', import.meta.url),
  ),
  interWoff: fileURLToPath(
    new URL('../../../../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff', import.meta.url),
  ),
} as const

/** A `name` table naming the font `family` (family, full name, PostScript name, typographic family), in English. */
function nameTable(family: string): Buffer {
  const text = Buffer.from(family, 'utf16le').swap16()
  const ids = [1, 4, 6, 16]
  const header = Buffer.alloc(6 + ids.length * 12)
  header.writeUInt16BE(0, 0)
  header.writeUInt16BE(ids.length, 2)
  header.writeUInt16BE(header.length, 4)
  ids.forEach((id, index) => {
    const at = 6 + index * 12
    // Windows, Unicode BMP, US English; every record points at the same string.
    for (const [offset, value] of [
      [0, 3],
      [2, 1],
      [4, 0x409],
      [6, id],
      [8, text.length],
      [10, 0],
    ] as const) {
      header.writeUInt16BE(value, at + offset)
    }
  })
  return Buffer.concat([header, text])
}

/**
 * A copy of a TrueType font whose own names say `family`: a font an owner could make with any font editor, to
 * test what a brand font calling itself like one of ours does. The tables are copied as they are, `name` replaced.
 */
export async function makeRenamedFont(source: string, family: string, output: string): Promise<void> {
  const bytes = await readFile(source)
  const count = bytes.readUInt16BE(4)
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 12 + index * 16
    const tag = bytes.toString('latin1', at, at + 4)
    const [offset, length] = [bytes.readUInt32BE(at + 8), bytes.readUInt32BE(at + 12)]
    return {
      tag,
      checksum: bytes.readUInt32BE(at + 4),
      data: tag === 'name' ? nameTable(family) : bytes.subarray(offset, offset + length),
    }
  })
  const directory = Buffer.alloc(12 + count * 16)
  bytes.copy(directory, 0, 0, 12)
  const bodies: Buffer[] = []
  let offset = directory.length
  tables.forEach((table, index) => {
    const at = 12 + index * 16
    directory.write(table.tag, at, 'latin1')
    directory.writeUInt32BE(table.checksum, at + 4)
    directory.writeUInt32BE(offset, at + 8)
    directory.writeUInt32BE(table.data.length, at + 12)
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4)
    table.data.copy(padded)
    bodies.push(padded)
    offset += padded.length
  })
  await writeFile(output, Buffer.concat([directory, ...bodies]))
}
