import type { Database } from '@storyreel/db/client'
import { projects } from '@storyreel/db/schema'

/**
 * A project row with no storyboard, written straight to the database: for tests of what hangs off a project
 * (the render queue, webhooks) that never read its scenes.
 */
export async function insertBareProject(db: Database, userId: string, title = 'Harbour at dawn') {
  const [project] = await db
    .insert(projects)
    .values({ userId, title, sourceKind: 'script', sourceText: 'x', settings: {}, scenes: [], scriptEngine: 'offline' })
    .returning()
  if (!project) throw new Error('no project')
  return project
}
