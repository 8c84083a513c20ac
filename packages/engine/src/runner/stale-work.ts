import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'

/** Work left by a render that was killed (cancel, crash, shutdown) is older than any render takes. */
export const STALE_WORK_MS = 60 * 60 * 1000

/**
 * Removes what killed renders leave behind: their temporary folders and half-copied cache files. A
 * render ended with SIGKILL never runs its own clean-up, so the next render process does it.
 */
export async function removeStaleWork(
  { tempDir, cacheDir }: { tempDir: string; cacheDir: string },
  now = Date.now(),
): Promise<string[]> {
  const removed: string[] = []
  const sweep = async (dir: string, matches: (name: string) => boolean) => {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!matches(name)) continue
      const target = path.join(dir, name)
      const info = await stat(target).catch(() => undefined)
      if (!info || now - info.mtimeMs < STALE_WORK_MS) continue
      await rm(target, { recursive: true, force: true })
      removed.push(target)
    }
  }
  await sweep(tempDir, (name) => /^storyreel-(render|preview|clip)-/.test(name))
  for (const kind of ['segments', 'voice']) await sweep(path.join(cacheDir, kind), (name) => name.endsWith('.part'))
  return removed
}
