import { parseArgs } from 'node:util'

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'

import { isApiKey } from './modules/auth/token.ts'
import { createHttpApi } from './modules/mcp/api-call.ts'
import { createMcpServer } from './modules/mcp/mcp-server.ts'

const USAGE = `Usage: npm run --silent mcp:stdio -- --url <StoryReel address> --key <API key>

StoryReel's MCP server on stdin and stdout, for desktop clients that start their servers as commands. Its tools
call the StoryReel API at --url with the key, as /mcp does. The key may be given in STORYREEL_API_KEY instead,
which keeps it out of the process list; the address in STORYREEL_URL.`

/** Whatever goes wrong is said on stderr: stdout carries the protocol alone. */
function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`)
  process.exit(2)
}

/**
 * `npm run mcp:stdio -- --url … --key …`: the MCP server for desktop clients (decision 062). It holds no state
 * and reaches no database: every tool is REST calls over HTTP with the key.
 */
async function main() {
  let values: { url?: string; key?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: { url: { type: 'string' }, key: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }))
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  if (values.help) {
    process.stderr.write(`${USAGE}\n`)
    return
  }
  const url = values.url ?? process.env.STORYREEL_URL
  const key = values.key ?? process.env.STORYREEL_API_KEY
  if (!url) fail('Say where StoryReel is: --url https://storyreel.example')
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) fail(`--url must be an http(s) address: ${url}`)
  if (!key || !isApiKey(key))
    fail('Give an API key (srk_…, made on your profile page) with --key or STORYREEL_API_KEY.')
  const { origin, hostname } = new URL(url)
  if (origin.startsWith('http:') && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
    process.stderr.write(`Warning: the API key goes to ${origin} unencrypted; use https beyond this machine.\n`)
  }

  const server = createMcpServer(createHttpApi({ origin, key }), (error, tool) => {
    process.stderr.write(`${tool} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  })
  await server.connect(new StdioServerTransport())
  // A client ends its server by closing stdin (or with a signal); nothing is left to finish.
  process.stdin.once('end', () => void server.close())
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
