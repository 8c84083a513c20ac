import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

import { mapWithConcurrency } from './map-with-concurrency.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text formats only: PNG, WOFF2 and friends are already compressed. `.data` is React Router's per-route data. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
  '.data',
])

/** Below this, the saved bytes do not pay for the extra file and lookup. */
export const MIN_COMPRESS_BYTES = 1024

export function isCompressible(file: string, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())
}

export async function listFilesRecursive(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

export type PrecompressResult = { files: number; bytes: number; brotliBytes: number; gzipBytes: number }

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text asset in `dir`, so the server
 * can send them without compressing per request. A variant that would not be smaller is not written.
 */
export async function precompressDir(dir: string, concurrency: number): Promise<PrecompressResult> {
  const files = await listFilesRecursive(dir)
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  await mapWithConcurrency(files, concurrency, async (file) => {
    if (!isCompressible(file, (await stat(file)).size)) return
    const source = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ])
    await Promise.all([
      br.length < source.length ? writeFile(`${file}.br`, br) : undefined,
      gz.length < source.length ? writeFile(`${file}.gz`, gz) : undefined,
    ])
    result.files += 1
    result.bytes += source.length
    result.brotliBytes += Math.min(br.length, source.length)
    result.gzipBytes += Math.min(gz.length, source.length)
  })
  return result
}
