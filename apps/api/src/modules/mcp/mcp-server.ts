import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

import { MCP_TOOLS, type McpToolInput, type McpToolName } from '@storyreel/contracts/mcp'

import { tidy } from '#src/plugins/openapi.ts'

import { ApiCallError, type StoryReelApi } from './api-call.ts'
import { RUN_TOOL } from './mcp-tools.ts'

export const MCP_SERVER_INFO = { name: 'storyreel', title: 'StoryReel', version: '1.0.0' }

const INSTRUCTIONS =
  'StoryReel makes short narrated videos from a prompt or a script. create_video answers at once with the ' +
  "video's ids; rendering takes a minute or more, so follow it with get_video, which also answers at once, every " +
  'ten seconds or so until status is succeeded (links then holds the MP4) or failed. list_styles, list_voices, ' +
  "list_music and list_templates give the ids create_video's settings and template_id take."

type JsonSchema = Record<string, unknown>

/**
 * Puts each named part of a schema where it is used. The contracts name their parts (for the OpenAPI document's
 * components), but a tool's schema must be an object at its root, and several clients read no `$ref`.
 */
function inlineDefinitions(node: unknown, defs: Record<string, JsonSchema>, seen: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineDefinitions(item, defs, seen))
  if (!node || typeof node !== 'object') return node
  const { $ref, $defs: _defs, allOf, ...rest } = node as JsonSchema
  if (typeof $ref === 'string') {
    const name = $ref.replace('#/$defs/', '')
    const definition = defs[name]
    if (!definition || seen.includes(name)) throw new Error(`A tool schema cannot refer to ${$ref}`)
    return inlineDefinitions({ ...definition, ...rest }, defs, [...seen, name])
  }
  // zod writes a described part as `{ description, allOf: [its $ref] }`: one schema, once inlined.
  if (Array.isArray(allOf) && allOf.length === 1) return inlineDefinitions({ ...allOf[0], ...rest }, defs, seen)
  const entries = Object.entries(allOf === undefined ? rest : { ...rest, allOf })
  return Object.fromEntries(entries.map(([key, value]) => [key, inlineDefinitions(value, defs, seen)]))
}

/** A tool's input or output schema as MCP lists it: JSON Schema 2020-12 (MCP's default), an object, no `$ref`. */
export function toToolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const json = tidy(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' })) as JsonSchema
  const inlined = inlineDefinitions(json, (json.$defs ?? {}) as Record<string, JsonSchema>, []) as JsonSchema
  if (inlined.type !== 'object') throw new Error('A tool schema must describe an object')
  return inlined as Tool['inputSchema']
}

let toolList: Tool[] | undefined
/** Built once: the schemas are the contracts', fixed for the life of the process. */
function getToolList(): Tool[] {
  toolList ??= Object.entries(MCP_TOOLS).map(([name, tool]) => ({
    name,
    title: tool.title,
    description: tool.description,
    inputSchema: toToolJsonSchema(tool.input, 'input'),
    outputSchema: toToolJsonSchema(tool.output, 'output'),
    annotations: { title: tool.title, ...tool.annotations },
  }))
  return toolList
}

const isToolName = (name: string): name is McpToolName => Object.hasOwn(MCP_TOOLS, name)

/** A refusal the model can read and act on: the API's code, status and message, as a tool result. */
function toFailure({ statusCode, code, message }: ApiCallError['error']): CallToolResult {
  const text = typeof message === 'string' ? message : message.join('\n')
  return { content: [{ type: 'text', text: `${code} (${statusCode}): ${text}` }], isError: true }
}

function runTool<Name extends McpToolName>(name: Name, input: McpToolInput<Name>, api: StoryReelApi) {
  return RUN_TOOL[name](input, api)
}

/** Relative links of the API (media, previews, the render's status) made absolute, for clients that are elsewhere. */
function toAbsoluteLinks(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => toAbsoluteLinks(item, origin))
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key.endsWith('_url') && typeof item === 'string' && item.startsWith('/')
        ? new URL(item, origin).href
        : toAbsoluteLinks(item, origin),
    ]),
  )
}

/** What a tool that failed on our side answers, as the API answers a 500; the error itself goes to the log. */
const INTERNAL_FAILURE = {
  statusCode: 500,
  error: 'Internal Server Error',
  code: 'INTERNAL_ERROR',
  message: 'Something went wrong on our side. Please try again.',
}

/** Told of a tool that failed on our side (a bug, an answer off its contract), for the log. */
export type ToolErrorListener = (error: unknown, tool: McpToolName) => void

/**
 * Runs one tool. Its arguments are checked against the tool's contract schema, and a refusal (bad arguments, or
 * the API's error) is a result with `isError` that the model reads, not a protocol error; only an unknown tool is.
 */
export async function callTool(
  name: string,
  args: unknown,
  api: StoryReelApi,
  onToolError: ToolErrorListener = () => {},
): Promise<CallToolResult> {
  if (!isToolName(name)) throw new McpError(ErrorCode.InvalidParams, `There is no tool named ${name}.`)
  const tool = MCP_TOOLS[name]
  const input = tool.input.safeParse(args ?? {})
  if (!input.success) {
    return toFailure({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: input.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`),
    })
  }
  try {
    const output = tool.output.parse(toAbsoluteLinks(await runTool(name, input.data, api), api.origin))
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output }
  } catch (error) {
    if (error instanceof ApiCallError) return toFailure(error.error)
    onToolError(error, name)
    return toFailure(INTERNAL_FAILURE)
  }
}

/**
 * StoryReel's MCP server over one caller's API: the tools of the contracts' MCP_TOOLS. The SDK's low-level server,
 * so that tool schemas are listed as MCP clients read them (see toToolJsonSchema).
 */
export function createMcpServer(api: StoryReelApi, onToolError?: ToolErrorListener): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: getToolList() }))
  server.setRequestHandler(CallToolRequestSchema, ({ params }) =>
    callTool(params.name, params.arguments, api, onToolError),
  )
  return server
}
