import { spawn } from 'node:child_process'
import path from 'node:path'

import { ensureBuild, ROOT } from './build-state.ts'

// `npm start`: build if the sources changed since the last build, then serve site and API on PORT.
ensureBuild()
const server = spawn(process.execPath, [path.join(ROOT, 'apps/api/src/server.ts')], { cwd: ROOT, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
