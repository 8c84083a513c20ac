import autocannon from 'autocannon'

import { startServer } from './bench-server.ts'
import { ensureBuild } from './build-state.ts'
import { writePerformanceSection } from './performance-doc.ts'

// `npm run bench:serve`: autocannon on 127.0.0.1 against one prerendered page, bounded to 10 s.
const DURATION_S = 10
const CONNECTIONS = 50
const PATH = '/pricing'

ensureBuild()
const server = await startServer(3301)
try {
  const result = await autocannon({
    url: `${server.url}${PATH}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': 'br' },
  })
  const rows = [
    `| Page | ${PATH} (brotli) |`,
    '|---|---|',
    `| Requests/s (mean) | ${Math.round(result.requests.average).toLocaleString('en-US')} |`,
    `| Latency p50 / p99 | ${result.latency.p50} ms / ${result.latency.p99} ms |`,
    `| Requests | ${result.requests.total.toLocaleString('en-US')} in ${DURATION_S} s, ${CONNECTIONS} connections |`,
    `| Errors / non-2xx | ${result.errors} / ${result.non2xx} |`,
  ]
  console.log(rows.join('\n'))
  writePerformanceSection('serve', `## Static serving (npm run bench:serve)\n\n${rows.join('\n')}\n`)
} finally {
  await server.stop()
}
