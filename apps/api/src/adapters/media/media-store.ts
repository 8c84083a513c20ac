import type { Readable } from 'node:stream'

export type MediaObject = { size: number; modifiedAt: Date }

/**
 * Where project media lives: local disk by default. The interface is what an S3-compatible
 * store would implement: whole-object writes, ranged reads, deletion by prefix. Keys are relative,
 * slash-separated paths such as `projects/<id>/renders/<id>/video.mp4`.
 */
export interface MediaStore {
  readonly kind: string
  /** Stores a finished local file under `key` (the file is moved or uploaded; the source may be removed). */
  putFile(key: string, sourcePath: string): Promise<void>
  put(key: string, data: Buffer): Promise<void>
  get(key: string): Promise<Buffer | undefined>
  stat(key: string): Promise<MediaObject | undefined>
  /** Byte range is inclusive, as in HTTP. */
  createReadStream(key: string, range?: { start: number; end: number }): Readable
  /** Removes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

/** True for a relative key that stays inside the store: no `..`, no `.`, no empty or absolute parts. */
export function isMediaKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.')
}

/** Keys come from our own code, but a key that could climb out of the store is refused outright. */
export function assertMediaKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Unsafe media key: ${key}`)
  return key
}
