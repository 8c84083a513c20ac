import type { Readable } from 'node:stream'

/** `etag` changes whenever the object is written again; it is quoted, as in HTTP. */
export type MediaObject = { size: number; modifiedAt: Date; etag: string }

/**
 * Where project media lives: local disk by default, or an S3-compatible bucket. Whole-object writes,
 * ranged reads, deletion by prefix. Keys are relative, slash-separated paths such as
 * `projects/<id>/renders/<id>/video.mp4`. A store that cannot be reached throws MediaStoreUnavailableError.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3'
  /**
   * Stores a finished local file under `key`: moved or uploaded, so the caller removes the source if it is
   * left; with `keepSource` it is copied and stays.
   */
  putFile(key: string, sourcePath: string, options?: { keepSource?: boolean }): Promise<void>
  put(key: string, data: Buffer): Promise<void>
  get(key: string): Promise<Buffer | undefined>
  stat(key: string): Promise<MediaObject | undefined>
  /** The object's bytes (a byte range is inclusive, as in HTTP); undefined when there is no such object. */
  openReadStream(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>
  /** Writes the object to a local file; false when there is no such object. */
  download(key: string, targetPath: string): Promise<boolean>
  /** Removes every object under the folder `prefix` (`projects/<id>` removes `projects/<id>/…`). */
  deletePrefix(prefix: string): Promise<void>
  /**
   * A short-lived URL of the store itself that serves the object, for stores browsers can reach;
   * undefined for a store with no URLs of its own (local disk).
   */
  presign?(
    key: string,
    options: { expiresInSeconds: number; contentType: string; downloadName?: string },
  ): Promise<string>
}

/** The store did not answer (down, unreachable, timing out, or refusing our credentials). */
export class MediaStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'MediaStoreUnavailableError'
  }
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name, so any file name survives. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`
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
