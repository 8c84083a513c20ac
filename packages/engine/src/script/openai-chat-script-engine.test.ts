import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import {
  SCENE_MAX_SECONDS,
  SCENE_MIN_SECONDS,
  SCENE_NARRATION_MAX_CHARS,
  SCENES_MAX,
} from '@storyreel/contracts/studio'

import { EngineError } from '#src/errors.ts'
import { getClosedUrl } from '#src/testing/closed-url.ts'
import { startChatStandIn, type ChatStandIn } from '#src/testing/chat-stand-in.ts'

import { createScriptEngine } from './create-script-engine.ts'
import { createOpenAiChatScriptEngine } from './openai-chat-script-engine.ts'
import type { StoryboardRequest } from './script-engine.ts'

const API_KEY = 'sk-test-0123456789'
const REQUEST: StoryboardRequest = {
  source: { kind: 'script', text: 'The baker wakes at dawn. She kneads the dough by hand. The shop opens at eight.' },
  targetSeconds: 20,
  style: 'watercolor',
  language: 'pt-PT',
  wordsPerSecond: 2.5,
}

async function expectUnavailable(promise: Promise<unknown>, message: RegExp) {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(EngineError)
  expect(error).toMatchObject({ kind: 'unavailable', engine: 'script' })
  expect((error as EngineError).message).toMatch(message)
}

describe('the OpenAI chat script engine', () => {
  let standIn: ChatStandIn

  beforeAll(async () => {
    standIn = await startChatStandIn({ apiKey: API_KEY })
  })

  afterAll(async () => {
    await standIn.close()
  })

  beforeEach(() => {
    standIn.reply({ kind: 'storyboard' })
    standIn.requests.length = 0
  })

  const engine = () => createOpenAiChatScriptEngine({ url: standIn.url, apiKey: API_KEY, model: 'gpt-4o-mini' })

  it('is chosen by config and named after its model', () => {
    expect(createScriptEngine({ url: 'http://127.0.0.1:1', apiKey: API_KEY, model: 'gpt-4o-mini' }).name).toBe(
      'openai:gpt-4o-mini',
    )
    expect(createScriptEngine(undefined).name).toBe('local-writer')
  })

  it('posts a chat completion with the key, the model, the text and a JSON schema', async () => {
    await engine().createStoryboard(REQUEST)
    expect(standIn.requests).toHaveLength(1)
    const [request] = standIn.requests
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', authorization: `Bearer ${API_KEY}` })
    const body = request?.body as {
      model: string
      messages: { role: string; content: string }[]
      response_format: { type: string; json_schema: { name: string; schema: { required: string[] } } }
    }
    expect(body.model).toBe('gpt-4o-mini')
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user'])
    expect(body.messages[0]?.content).toContain('pt-PT')
    expect(body.messages[0]?.content).toContain('Watercolor')
    expect(body.messages[0]?.content).toContain('20 seconds')
    expect(body.messages[1]?.content).toContain(REQUEST.source.text)
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.schema.required).toEqual(['title', 'scenes'])
  })

  it('turns the reply into a storyboard', async () => {
    const draft = await engine().createStoryboard(REQUEST)
    expect(draft.title).toBe('The baker wakes at')
    expect(draft.scenes.map((scene) => scene.narration)).toEqual([
      'The baker wakes at dawn.',
      'She kneads the dough by hand.',
      'The shop opens at eight.',
    ])
    expect(draft.scenes[1]?.visual).toBe('A scene showing kneads and dough')
    for (const scene of draft.scenes) expect(scene.duration).toBeGreaterThanOrEqual(SCENE_MIN_SECONDS)
  })

  it('clamps durations and lengths to the contract, drops empty scenes and fills a missing visual', async () => {
    const long = Array.from({ length: 120 }, () => 'word').join(' ')
    standIn.reply({
      kind: 'content',
      content: JSON.stringify({
        title: '  A Tale  ',
        scenes: [
          { narration: 'Too short.', visual: 'A clock', duration: 0.2 },
          { narration: long, visual: 'A wall of words', duration: 99 },
          { narration: '   ', visual: '', duration: 4 },
          { narration: 'The old lighthouse stands on the cliff at dusk.', visual: '', duration: 5 },
          ...Array.from({ length: 40 }, (_, index) => ({ narration: `Scene ${index}.`, visual: 'A sea', duration: 3 })),
        ],
      }),
    })
    const draft = await engine().createStoryboard(REQUEST)
    expect(draft.title).toBe('A Tale')
    expect(draft.scenes).toHaveLength(SCENES_MAX)
    expect(draft.scenes[0]?.duration).toBe(SCENE_MIN_SECONDS)
    expect(draft.scenes[1]?.duration).toBe(SCENE_MAX_SECONDS)
    expect(draft.scenes[1]?.narration.length).toBeLessThanOrEqual(SCENE_NARRATION_MAX_CHARS)
    expect(draft.scenes[2]?.narration).toContain('lighthouse')
    expect(draft.scenes[2]?.visual).toMatch(/lighthouse/i)
  })

  it('gives a scene at least the time its words take', async () => {
    standIn.reply({
      kind: 'content',
      content: JSON.stringify({
        title: 'T',
        scenes: [{ narration: 'one two three four five six seven eight nine ten', visual: 'Numbers', duration: 2 }],
      }),
    })
    // Ten words at 2.5 a second, with the quiet the studio counts around a narration (0.25 s + 0.35 s).
    expect((await engine().createStoryboard(REQUEST)).scenes[0]?.duration).toBe(4.6)
  })

  it('maps a refused key to a clear 502', async () => {
    const wrongKey = createOpenAiChatScriptEngine({ url: standIn.url, apiKey: 'sk-wrong', model: 'gpt-4o-mini' })
    await expectUnavailable(wrongKey.createStoryboard(REQUEST), /refused our API key \(HTTP 401\): Incorrect API key/)
  })

  it('maps a rate limit and a server error to a 502 with the provider message', async () => {
    standIn.reply({ kind: 'error', status: 429, message: 'Rate limit reached', type: 'requests' })
    await expectUnavailable(engine().createStoryboard(REQUEST), /HTTP 429.*Rate limit reached/)
    standIn.reply({ kind: 'error', status: 500, message: 'The server had an error' })
    await expectUnavailable(engine().createStoryboard(REQUEST), /HTTP 500: The server had an error/)
  })

  it('rejects a reply that is not JSON, has the wrong shape, no scenes or is not a completion', async () => {
    standIn.reply({ kind: 'content', content: 'Sure! Here is your storyboard: scene one...' })
    await expectUnavailable(engine().createStoryboard(REQUEST), /did not answer with a JSON storyboard/)
    standIn.reply({ kind: 'content', content: '{"title": "x", "scenes": [{"narr', finishReason: 'length' })
    await expectUnavailable(engine().createStoryboard(REQUEST), /cut off/)
    standIn.reply({ kind: 'content', content: JSON.stringify({ title: 'x', scenes: 'none' }) })
    await expectUnavailable(engine().createStoryboard(REQUEST), /wrong shape/)
    standIn.reply({ kind: 'content', content: JSON.stringify({ title: 'x', scenes: [{ narration: '', visual: '' }] }) })
    await expectUnavailable(engine().createStoryboard(REQUEST), /no usable scenes/)
    standIn.reply({ kind: 'raw', status: 200, body: '<html>gateway</html>' })
    await expectUnavailable(engine().createStoryboard(REQUEST), /not a chat completion/)
  })

  it('gives up after its timeout', async () => {
    standIn.reply({ kind: 'hang' })
    const slow = createOpenAiChatScriptEngine(
      { url: standIn.url, apiKey: API_KEY, model: 'gpt-4o-mini' },
      { timeoutMs: 300 },
    )
    await expectUnavailable(slow.createStoryboard(REQUEST), /did not answer within 0.3 s/)
  })

  it('reports a provider that cannot be reached', async () => {
    const down = createOpenAiChatScriptEngine({ url: await getClosedUrl(), apiKey: API_KEY, model: 'gpt-4o-mini' })
    await expectUnavailable(down.createStoryboard(REQUEST), /could not be reached/)
  })
})

describe('the chat stand-in', () => {
  it('answers a malformed body with OpenAI’s 400 error shape', async () => {
    const standIn = await startChatStandIn({ apiKey: API_KEY })
    try {
      const response = await fetch(`${standIn.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [] }),
      })
      expect(response.status).toBe(400)
      const body = (await response.json()) as { error?: { type?: string; message?: unknown } }
      expect(body.error?.type).toBe('invalid_request_error')
      expect(typeof body.error?.message).toBe('string')
    } finally {
      await standIn.close()
    }
  })
})
