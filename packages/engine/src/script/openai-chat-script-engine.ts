import { z } from 'zod'

import {
  PROJECT_TITLE_MAX_CHARS,
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENE_VISUAL_MAX_CHARS,
  SCENES_MAX,
  VIDEO_STYLE_LABELS,
} from '@storyreel/contracts/studio'

import type { HostedApiConfig } from '#src/options.ts'
import { EngineError } from '#src/errors.ts'
import { createConfiguredEndpointFetch, type OutgoingFetch } from '#src/net/outgoing.ts'

import { getSceneDuration } from './local-script-writer.ts'
import type { DraftScene, ScriptEngine, StoryboardDraft, StoryboardRequest } from './script-engine.ts'
import { describeScriptScenes } from './scene-visuals.ts'

export const SCRIPT_API_TIMEOUT_MS = 60_000

/** The JSON the model must answer with; limits are stated in the prompt and enforced after parsing. */
const STORYBOARD_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'scenes'],
  properties: {
    title: { type: 'string', description: 'A short title for the video.' },
    scenes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['narration', 'visual', 'duration'],
        properties: {
          narration: { type: 'string', description: 'What the voice says in this scene.' },
          visual: { type: 'string', description: 'What the picture shows, drawn from the narration.' },
          duration: { type: 'number', description: 'Seconds the scene lasts.' },
        },
      },
    },
  },
} as const

const ChatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
})

const ReplySchema = z.object({
  title: z.string().optional().default(''),
  scenes: z.array(
    z.object({
      narration: z.string().optional().default(''),
      visual: z.string().optional().default(''),
      duration: z.number().optional(),
    }),
  ),
})

const OpenAiErrorSchema = z.object({ error: z.object({ message: z.string() }) })

function buildSystemPrompt(request: StoryboardRequest): string {
  const style = VIDEO_STYLE_LABELS[request.style]
  return [
    'You write storyboards for short narrated videos.',
    `Answer with JSON only: {"title": string, "scenes": [{"narration": string, "visual": string, "duration": number}]}.`,
    `Write the narration in the language with BCP 47 tag ${request.language}.`,
    `The video should last about ${request.targetSeconds} seconds; the voice speaks ${request.wordsPerSecond.toFixed(1)} words per second, so size each scene's duration to its narration plus a short pause.`,
    `Use at most ${SCENES_MAX} scenes, each ${SCENE_MIN_SECONDS} to ${SCENE_MAX_SECONDS} seconds, with narration under ${SCENE_NARRATION_MAX_CHARS} characters.`,
    `Each visual is one concise sentence under ${SCENE_VISUAL_MAX_CHARS} characters in English, describing what the picture shows in a ${style} style: the subject, the setting, the time of day and the mood, taken from that scene's narration so the picture matches what is said.`,
    'When given a script, keep its words: split it into scenes without rewriting it. When given a prompt, write the narration yourself: a hook, a few beats and a closing line. Invent no prices, dates or statistics.',
  ].join('\n')
}

function buildUserMessage(request: StoryboardRequest): string {
  const what = request.source.kind === 'script' ? 'Split this script into scenes' : 'Write a video from this prompt'
  return `${what} (target ${request.targetSeconds} seconds, ${request.style} style):\n\n${request.source.text}`
}

function cutAtWord(text: string, maxChars: number): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= maxChars) return clean
  const cut = clean.slice(0, maxChars)
  const space = cut.lastIndexOf(' ')
  return (space > maxChars / 2 ? cut.slice(0, space) : cut).replace(/[,;:]$/, '')
}

/** Keeps what the model got right and brings the rest within the contract's limits. */
export function normalizeReply(reply: z.infer<typeof ReplySchema>, request: StoryboardRequest): StoryboardDraft {
  const scenes: DraftScene[] = []
  for (const scene of reply.scenes) {
    if (scenes.length >= SCENES_MAX) break
    const narration = cutAtWord(scene.narration, SCENE_NARRATION_MAX_CHARS)
    let visual = cutAtWord(scene.visual, SCENE_VISUAL_MAX_CHARS)
    if (!narration && !visual) continue
    if (!visual) visual = cutAtWord(describeScriptScenes([narration])[0] ?? narration, SCENE_VISUAL_MAX_CHARS)
    // The voice needs the time its words take: a model's guess that is shorter would cut it off.
    const spoken = narration ? getSceneDuration(narration, request.wordsPerSecond) : SCENE_MIN_SECONDS
    const asked = scene.duration !== undefined && Number.isFinite(scene.duration) ? scene.duration : spoken
    const duration = Math.round(Math.min(SCENE_MAX_SECONDS, Math.max(SCENE_MIN_SECONDS, asked, spoken)) * 10) / 10
    scenes.push({ narration, visual, duration })
  }
  const title = cutAtWord(reply.title, PROJECT_TITLE_MAX_CHARS) || cutAtWord(scenes[0]?.narration ?? '', 60)
  return { title, scenes }
}

function unavailable(message: string): EngineError {
  return new EngineError('unavailable', 'script', message)
}

/**
 * A storyboard from an OpenAI-compatible chat completions API, asked for structured JSON.
 * Any failure is a 502 the person can act on (try again, or use the local splitter), never a 500.
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
export function createOpenAiChatScriptEngine(
  config: HostedApiConfig,
  { timeoutMs = SCRIPT_API_TIMEOUT_MS }: { timeoutMs?: number } = {},
): ScriptEngine {
  const endpoint = `${config.url}/v1/chat/completions`
  // Only the configured host, through the one outgoing guard; the call's own timeout still ends it first.
  const guardedFetch = createConfiguredEndpointFetch(config.url, timeoutMs + 5000)
  return {
    name: `openai:${config.model}`,
    async createStoryboard(request) {
      let response: Awaited<ReturnType<OutgoingFetch>>
      try {
        response = await guardedFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            messages: [
              { role: 'system', content: buildSystemPrompt(request) },
              { role: 'user', content: buildUserMessage(request) },
            ],
            temperature: 0.7,
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'storyboard', strict: true, schema: STORYBOARD_JSON_SCHEMA },
            },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          throw unavailable(`The script model did not answer within ${timeoutMs / 1000} s. Try again.`)
        }
        throw unavailable(`The script model at ${config.url} could not be reached. Try again in a moment.`)
      }

      let body: unknown
      try {
        body = await response.json()
      } catch {
        body = undefined
      }
      if (!response.ok) {
        const detail = OpenAiErrorSchema.safeParse(body)
        const reason = detail.success ? `: ${detail.data.error.message}` : ''
        if (response.status === 401 || response.status === 403) {
          throw unavailable(`The script model refused our API key (HTTP ${response.status})${reason}`)
        }
        if (response.status === 429) {
          throw unavailable(`The script model is busy or over its quota (HTTP 429)${reason}. Try again later.`)
        }
        throw unavailable(`The script model answered HTTP ${response.status}${reason}`)
      }

      const completion = ChatCompletionSchema.safeParse(body)
      if (!completion.success) throw unavailable('The script model sent a reply that is not a chat completion.')
      const [choice] = completion.data.choices
      if (!choice) throw unavailable('The script model sent a reply without choices.')
      if (choice.message.refusal) throw unavailable(`The script model declined: ${choice.message.refusal}`)
      let content: unknown
      try {
        content = JSON.parse(choice.message.content ?? '')
      } catch {
        const cut = choice.finish_reason === 'length' ? ' (it was cut off)' : ''
        throw unavailable(`The script model did not answer with a JSON storyboard${cut}. Try again.`)
      }
      const reply = ReplySchema.safeParse(content)
      if (!reply.success) throw unavailable('The script model answered with a storyboard in the wrong shape.')
      const draft = normalizeReply(reply.data, request)
      if (draft.scenes.length === 0) throw unavailable('The script model answered with no usable scenes.')
      return draft
    },
  }
}
