import type { HostedApiConfig } from '#src/options.ts'

import { createLocalScriptWriter } from './local-script-writer.ts'
import { createOpenAiChatScriptEngine } from './openai-chat-script-engine.ts'
import type { ScriptEngine } from './script-engine.ts'

/** The hosted chat model when SCRIPT_API_URL is set, the local splitter otherwise. */
export function createScriptEngine(config: HostedApiConfig | undefined): ScriptEngine {
  return config ? createOpenAiChatScriptEngine(config) : createLocalScriptWriter()
}
