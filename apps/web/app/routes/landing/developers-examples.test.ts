import { describe, expect, it } from 'vitest'

import { parseBatchCsv } from '@storyreel/contracts/batches'
import { CreateVideoBodySchema } from '@storyreel/contracts/videos'

import {
  getBatchCsv,
  getBatchCurl,
  getMcpDesktopConfig,
  getMcpHttpConfig,
  getVideoCurl,
  getVideoFetch,
} from './developers-examples.ts'

const ORIGIN = 'https://storyreel.example'

describe('the developers page’s code samples', () => {
  it('sends a one-call video body the API accepts, to its path, with the key and an Idempotency-Key', () => {
    const curl = getVideoCurl(ORIGIN)
    expect(curl).toContain(`curl -X POST ${ORIGIN}/api/v1/videos \\`)
    expect(curl).toContain('Authorization: Bearer $STORYREEL_API_KEY')
    expect(curl).toContain('Idempotency-Key: ')
    const body = /-d '([^']+)'/.exec(curl)?.[1] ?? ''
    expect(CreateVideoBodySchema.safeParse(JSON.parse(body)).success).toBe(true)
  })

  it('writes JavaScript that parses', () => {
    const AsyncFunction = (async () => undefined).constructor as new (code: string) => unknown
    expect(() => new AsyncFunction(getVideoFetch(ORIGIN))).not.toThrow()
  })

  it('gives a CSV every row of which a batch takes', () => {
    const parsed = parseBatchCsv(getBatchCsv())
    expect(parsed.problems).toEqual([])
    expect(parsed.rows).toHaveLength(3)
    expect(getBatchCurl(ORIGIN)).toContain("-H 'content-type: text/csv'")
    expect(getBatchCurl(ORIGIN)).toContain('--data-binary @videos.csv')
  })

  it('configures MCP clients over stdio and over Streamable HTTP', () => {
    const desktop = JSON.parse(getMcpDesktopConfig(ORIGIN)) as {
      mcpServers: { storyreel: { command: string; args: string[] } }
    }
    expect(desktop.mcpServers.storyreel.command).toBe('npm')
    expect(desktop.mcpServers.storyreel.args).toEqual(
      expect.arrayContaining(['--silent', 'mcp:stdio', '--url', ORIGIN]),
    )
    const http = JSON.parse(getMcpHttpConfig(ORIGIN)) as { mcpServers: { storyreel: { url: string } } }
    expect(http.mcpServers.storyreel.url).toBe(`${ORIGIN}/mcp`)
  })
})
