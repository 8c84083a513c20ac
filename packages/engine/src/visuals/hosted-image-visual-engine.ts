import { createCanvas, loadImage } from '@napi-rs/canvas'

import type { VideoStyle } from '@storyreel/contracts/studio'

import type { HostedApiConfig } from '#src/options.ts'
import { EngineError } from '#src/errors.ts'
import { createConfiguredEndpointFetch, type OutgoingFetch } from '#src/net/outgoing.ts'

import { createPalette } from './palette.ts'
import { createAnimatedScene, LAYER_MARGIN } from './scene-animation.ts'
import { readScene } from './read-scene.ts'
import type { SceneSpec, Setting, TimeOfDay } from './scene-interpreter.ts'
import type { SceneArt, SceneArtRequest, VisualEngine } from './visual-engine.ts'

const TIMEOUT_MS = 120_000

const STYLE_PROMPTS: Record<VideoStyle, string> = {
  cinematic:
    'cinematic film still, anamorphic lens, teal and orange colour grade, dramatic lighting, shallow depth of field',
  anime: 'anime illustration, cel shading, clean bold line art, vivid sky gradients, studio anime background art',
  realistic: 'photorealistic photograph, natural light, true-to-life colours, detailed textures',
  '3d-cartoon': '3D animated movie style, soft rounded shapes, glossy materials, soft shadows, saturated colours',
  watercolor: 'watercolor painting on textured paper, soft bleeding washes, muted palette, light pencil lines',
  comic: 'comic book panel, thick ink outlines, flat colours, halftone dot shading, dynamic composition',
}

/** A setting as the image prompt names it. */
const SETTING_PHRASES: Record<Setting, string | undefined> = {
  city: 'in a city',
  street: 'on a street',
  beach: 'on the shore by the sea',
  ocean: 'at sea',
  forest: 'in a forest',
  mountains: 'in the mountains',
  desert: 'in a desert',
  space: 'in outer space',
  'night-sky': 'under a night sky',
  kitchen: 'in a kitchen',
  cafe: 'in a café',
  office: 'in an office',
  classroom: 'in a classroom',
  stage: 'on a stage',
  park: 'in a park',
  snow: 'in a snowy landscape',
  underwater: 'underwater',
  farm: 'on a farm',
  lab: 'in a laboratory',
  gym: 'in a gym',
  home: 'indoors at home',
  abstract: undefined,
}
const TIME_PHRASES: Record<TimeOfDay, string> = {
  dawn: 'at dawn',
  day: 'in daylight',
  sunset: 'at sunset',
  night: 'at night',
}

/**
 * The prompt sent to the image API: what the scene shows, where and when as the scene planner read it from the
 * lexicon (so the picture is set where the drawn one would be), then how it should look; no text in the picture.
 */
export function composeImagePrompt(
  request: Pick<SceneArtRequest, 'visual' | 'narration' | 'style'>,
  reading?: Pick<SceneSpec, 'setting' | 'timeOfDay'>,
): string {
  const context = request.narration.trim() ? ` Context: ${request.narration.trim().slice(0, 300)}` : ''
  const place = reading
    ? [SETTING_PHRASES[reading.setting], TIME_PHRASES[reading.timeOfDay]].filter(Boolean).join(', ')
    : ''
  const where = place ? ` Setting: ${place}.` : ''
  return `${request.visual.trim()}.${where} ${STYLE_PROMPTS[request.style]}. No text, letters or watermarks in the image.${context}`
}

/** The API's sizes: gpt-image models take 1024x1536 and 1536x1024, DALL·E 3 takes 1024x1792 and 1792x1024. */
export function chooseImageSize(model: string, width: number, height: number): string {
  const long = model.startsWith('gpt-image') ? 1536 : 1792
  if (width === height) return '1024x1024'
  return width > height ? `${long}x1024` : `1024x${long}`
}

function unavailable(message: string): EngineError {
  return new EngineError('unavailable', 'visuals', `The hosted image service failed: ${message}`)
}

function describeFailure(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } }
    if (typeof parsed.error?.message === 'string') return `HTTP ${status}: ${parsed.error.message}`
  } catch {
    // Not JSON: a proxy's HTML page, say.
  }
  return `HTTP ${status}${body.trim() ? `: ${body.trim().slice(0, 200)}` : ''}`
}

/**
 * Pictures from an image generation API speaking OpenAI's protocol (`POST /v1/images/generations`).
 * The still becomes the scene's backdrop and moves with the same camera, light, particles and title as the
 * local renderer's layers.
 * @see https://platform.openai.com/docs/api-reference/images/create
 */
export function createHostedImageVisualEngine(config: HostedApiConfig): VisualEngine {
  const endpoint = `${config.url.replace(/\/+$/u, '').replace(/\/v1$/u, '')}/v1/images/generations`
  // Only the configured host, through the one outgoing guard; the call's own timeout still ends it first.
  const guardedFetch = createConfiguredEndpointFetch(config.url, TIMEOUT_MS + 5000)

  async function fetchImage(request: SceneArtRequest, spec: SceneSpec): Promise<Buffer> {
    let response: Awaited<ReturnType<OutgoingFetch>>
    try {
      response = await guardedFetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          prompt: composeImagePrompt(request, spec),
          size: chooseImageSize(config.model, request.width, request.height),
          n: 1,
          response_format: 'b64_json',
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw unavailable(error instanceof Error ? error.message : String(error))
    }
    const text = await response.text()
    if (!response.ok) throw unavailable(describeFailure(response.status, text))
    let encoded: unknown
    try {
      encoded = (JSON.parse(text) as { data?: { b64_json?: unknown }[] }).data?.[0]?.b64_json
    } catch {
      throw unavailable('the answer was not JSON')
    }
    if (typeof encoded !== 'string' || !encoded) throw unavailable('the answer held no image')
    return Buffer.from(encoded, 'base64')
  }

  async function prepareScene(request: SceneArtRequest): Promise<SceneArt> {
    const { spec } = readScene(request)
    const bytes = await fetchImage(request, spec)
    let image: Awaited<ReturnType<typeof loadImage>>
    try {
      image = await loadImage(bytes)
    } catch {
      throw unavailable('the image could not be decoded')
    }
    if (!image.width || !image.height) throw unavailable('the image was empty')
    // Cover-fit the still into a layer larger than the frame, so the camera has room to move.
    const layerWidth = Math.ceil(request.width * LAYER_MARGIN)
    const layerHeight = Math.ceil(request.height * LAYER_MARGIN)
    const layer = createCanvas(layerWidth, layerHeight)
    const scale = Math.max(layerWidth / image.width, layerHeight / image.height)
    const drawWidth = image.width * scale
    const drawHeight = image.height * scale
    layer
      .getContext('2d')
      .drawImage(image, (layerWidth - drawWidth) / 2, (layerHeight - drawHeight) / 2, drawWidth, drawHeight)
    return createAnimatedScene({
      layers: [{ canvas: layer, depth: 0.6, x: 0, y: 0 }],
      spec,
      palette: createPalette(spec, request.style),
      style: request.style,
      width: request.width,
      height: request.height,
      duration: request.duration,
      seed: request.seed,
    })
  }

  return { name: `openai-images:${config.model}`, prepareScene }
}
