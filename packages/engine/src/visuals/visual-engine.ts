import type { SKRSContext2D } from '@napi-rs/canvas'

import type { ScriptLanguage } from '@storyreel/contracts/languages'
import type { CaptionStyle, VideoStyle } from '@storyreel/contracts/studio'

import type { PictureChoice, SceneMediaArt } from '#src/pipeline/media-files.ts'

import type { CastMember } from './art/scene-planner.ts'

/** A caption phrase with its words, in seconds from the start of the scene. */
export type CaptionCue = {
  start: number
  end: number
  text: string
  words: { text: string; start: number; end: number }[]
}

export type SceneArtRequest = {
  /** What the scene shows, in the user's words. */
  visual: string
  /** What is said over it; the renderer may draw a short title from it. */
  narration: string
  style: VideoStyle
  seed: number
  /** Position in the storyboard, so neighbouring scenes vary their composition. */
  index: number
  count: number
  width: number
  height: number
  duration: number
  /** The people the whole storyboard names, each with one figure (castOf), so they look alike in every scene. */
  cast?: CastMember[]
  /** The language the words are in, where it is not English: they are read as that language's words. */
  language?: ScriptLanguage
  /** The owner's photo or clip the scene shows instead of a drawing, with its local file. */
  media?: SceneMediaArt
  /**
   * Where it shows no photo or clip, the scene's own choice of picture: the built-in illustrator or the hosted
   * image engine (where one is configured). Left out: the engine's default.
   */
  picture?: PictureChoice
}

/** A scene ready to draw: everything costly (layers, palettes, fetched images) is done beforehand. */
export interface SceneArt {
  /**
   * Draws the frame at `time` seconds into the scene onto a canvas of the requested size, covering all of it.
   * Art with `prepareFrame` draws the frame its last `prepareFrame` call made ready.
   */
  drawFrame(context: SKRSContext2D, time: number): void
  /**
   * Makes the frame at `time` ready to draw, where that takes waiting (a clip's frame decoded by ffmpeg, read
   * in order as the scene plays). Called before each drawFrame by whoever draws the art: drawScene, the
   * transitions, the stills.
   */
  prepareFrame?(time: number): Promise<void>
  /**
   * The frame its last `prepareFrame` made ready as RGBA of the requested size, when the art is a finished
   * picture (a clip's decoded frame): a frame with nothing drawn over it then goes to the encoder as it is, with
   * no canvas in between. The caller must not change it.
   */
  framePixels?(): Uint8Array | undefined
  /**
   * The art's frames as yuv420p (BT.709, limited range) of the requested size, for a run of frames that needs no
   * canvas (nothing blended in): they go to an encoder taking yuv420p, 2.6 times fewer bytes than RGBA and no
   * conversion. Read in order, like prepareFrame; the caller must not change a frame, and closes what it opened.
   */
  openYuv?(): { frameAt(time: number): Promise<Uint8Array>; close(): void }
  /** Lets go of what the art holds open (a decoder); it is not drawn again. */
  close?(): void
}

/**
 * Pictures for each scene: a local renderer that draws an animated illustration by default,
 * a hosted image generation API when configured (its still is animated by the same camera).
 */
/** A drawing library used in the pictures, credited in each video's licence receipt. */
export type ArtworkCredit = { name: string; licence: string; credit: string }

export interface VisualEngine {
  readonly name: string
  /** The libraries its pictures are drawn from, when any. */
  readonly artwork?: ArtworkCredit[]
  prepareScene(request: SceneArtRequest): Promise<SceneArt>
  /** The libraries that pictures of these scenes come from (by default, `artwork`): for a licence receipt. */
  artworkFor?(requests: readonly Pick<SceneArtRequest, 'media' | 'picture'>[]): ArtworkCredit[]
  /** Loads what the first scene would otherwise wait for (art, language model, fonts); local engines only. */
  warm?(): Promise<void>
}

/**
 * An owner's brand in the captions, only what the style uses (prepare-brand.ts): without it, our colours and fonts.
 */
export type CaptionBrand = {
  /** The karaoke style's spoken-word box. */
  highlight?: string | undefined
  /** The boxed style's plate, drawn at CAPTION_PLATE_OPACITY. */
  plate?: string | undefined
  /** The brand font's alias and file (so a thread can register it), set before our family. */
  font?: { family: string; file: string } | undefined
}

/** Captions are drawn into the frames, above the scene art, in one of the caption styles. */
export type DrawCaptions = (
  context: SKRSContext2D,
  options: {
    cues: CaptionCue[]
    time: number
    style: CaptionStyle
    width: number
    height: number
    brand?: CaptionBrand | undefined
  },
) => void
