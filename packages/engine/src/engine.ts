/**
 * The engine's public surface: the storyboard-to-MP4 engine and the pieces a server or a script uses.
 * Everything else under src/ is internal (package.json `exports` names only this file and a few others).
 */
export { EngineError, type EngineErrorKind, type EngineErrorReason, type EngineName } from './errors.ts'
export type { EngineOptions, HostedApiConfig } from './options.ts'

export { detectLanguage, type DetectedLanguage } from './language/detect-language.ts'
export { getPromptLength, type PromptLength } from './language/prompt-length.ts'

export { createScriptEngine } from './script/create-script-engine.ts'
export { isHostedScriptEngine } from './script/script-engine.ts'
export type { DraftScene, ScriptEngine, StoryboardDraft, StoryboardRequest } from './script/script-engine.ts'

export { createVoiceEngine } from './voice/create-voice-engine.ts'
export type { SpeechClip, VoiceEngine, VoiceInfo, WordTiming } from './voice/voice-engine.ts'
export { encodeWav } from './voice/wav.ts'

export { createLocalVisualEngine } from './visuals/local-visual-engine.ts'
export { ART_CREDIT } from './visuals/art/art-library.ts'
export { castOf, planScene, type CastMember, type ScenePlan } from './visuals/art/scene-planner.ts'
export type { SceneArt, SceneArtRequest, VisualEngine } from './visuals/visual-engine.ts'

export {
  getMediaKey,
  MEDIA_ART_VERSION,
  pictureChoice,
  resolveSceneMedia,
  type MediaFile,
  type MediaFiles,
  type SceneMediaArt,
} from './pipeline/media-files.ts'
export { findFocusPoint } from './visuals/media/focus-point.ts'
export { chooseMediaFit, FILL_KEEPS_AT_LEAST, getCoverShare } from './visuals/media/media-fit.ts'
export { resolveCameraMove, type ResolvedCameraMove } from './visuals/media/camera.ts'
export { getClipStretch, getSlowRate, mapClipTime, type ClipStretch } from './visuals/media/clip-timing.ts'

export { createMusicLibrary, type MusicLibrary } from './music/music-library.ts'

export { configureBinaries, getBinaryVersions, runFfmpeg, runFfprobe } from './encoder/ffmpeg-binary.ts'
export { probeMedia, type MediaInfo } from './encoder/probe.ts'

export { convertAudio } from './assets/convert-audio.ts'
export {
  CLIP_PROXY_SHORT_SIDE,
  convertClip,
  getClipProxySize,
  getClipSize,
  type ClipSource,
  type ConvertedClip,
} from './assets/convert-clip.ts'
export { inspectUpload, type ImageFormat, type UploadInspection } from './assets/inspect-upload.ts'
export { normalizeImage, type NormalizedImage } from './assets/normalize-image.ts'
export { UploadRejectedError, type UploadRejection } from './assets/upload-rejected-error.ts'

export {
  LOGO_OPACITY,
  LOGO_POSITIONS,
  LOGO_SIZE,
  type BrandOverlay,
  type LogoOverlay,
  type LogoPosition,
} from './brand/brand-overlay.ts'
export { inspectBrandFont } from './brand/brand-font.ts'
export { inspectLogo, LOGO_MAX_SIDE } from './brand/logo-image.ts'
export { placeLogo, type LogoBox } from './brand/logo-placement.ts'
export { getSafeArea, type Area } from './brand/safe-area.ts'

export { createLocalRenderCache, type RenderCache } from './pipeline/render-cache.ts'
export type { PreviewResult, RenderResult, Storyboard } from './pipeline/render-pipeline.ts'
export { createRenderRunner, type RenderRunner, type RunOptions } from './runner/render-runner.ts'
export {
  drawSceneStill,
  getSceneStillKey,
  getStillSize,
  getStillTime,
  STILL_ART_VERSION,
  THUMBNAIL_LONG_SIDE,
  type SceneStillRequest,
  type StillFormat,
  type StillOptions,
} from './pipeline/scene-still.ts'
export { createStillRunner, type StillRunner } from './runner/still-runner.ts'
export {
  createSeed,
  draftStoryboard,
  getOwnWordsProblems,
  getScriptLengthProblem,
  getStoryboardProblems,
  getWordsPerSecond,
  parseStoryboardFile,
  stretchToMinimum,
  type StoryboardFile,
} from './pipeline/storyboard.ts'
export {
  createConfiguredEndpointFetch,
  createOutgoingFetch,
  isPublicAddress,
  OutgoingRequestError,
  type OutgoingFetch,
  type OutgoingOptions,
} from './net/outgoing.ts'
export { stockQueryOf } from './visuals/art/stock-query.ts'
