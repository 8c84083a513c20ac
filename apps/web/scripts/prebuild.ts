/** Runs before `react-router build`, which empties build/client: stashes the current build's own files. */
import path from 'node:path'

import { stashPreviousBuild } from './previous-build.ts'

const webDir = path.resolve(import.meta.dirname, '..')
const stashed = await stashPreviousBuild(path.join(webDir, 'build'), path.join(webDir, '.previous-build'))
if (stashed > 0) console.log(`prebuild: kept ${stashed} files of the previous build in .previous-build/`)
