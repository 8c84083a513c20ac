// Named imports let the bundler leave out the manifest's other fields: a page with voices only skips these.
import { videos } from './media/samples.json'

/**
 * The sample videos on the landing pages: real output of the product's own engine, rendered by
 * `npm run samples:render` from the storyboards in content/samples (media/samples.json lists them). Vite gives
 * each file a hashed URL under /assets, so a re-render is never served stale from a cache.
 */

const MEDIA_URLS = import.meta.glob<string>('./media/*.{mp4,webp,vtt}', {
  query: '?url',
  import: 'default',
  eager: true,
})

function getMediaUrl(file: string): string {
  const url = MEDIA_URLS[`./media/${file}`]
  if (!url) throw new Error(`Sample file ${file} is missing: run npm run samples:render`)
  return url
}

export type SampleVideo = (typeof videos)[number] & {
  ratio: '9:16' | '16:9' | '1:1'
  src: string
  poster: string
  captions: string
}

function isRatio(value: string): value is SampleVideo['ratio'] {
  return value === '9:16' || value === '16:9' || value === '1:1'
}

export const SAMPLE_VIDEOS: readonly SampleVideo[] = videos.map((video) => {
  if (!isRatio(video.ratio)) throw new Error(`Sample ${video.id} has an unknown ratio ${video.ratio}`)
  return {
    ...video,
    ratio: video.ratio,
    src: getMediaUrl(video.files.video),
    poster: getMediaUrl(video.files.poster),
    captions: getMediaUrl(video.files.captions),
  }
})

export function getSampleVideo(id: string): SampleVideo {
  const video = SAMPLE_VIDEOS.find((candidate) => candidate.id === id)
  if (!video) throw new Error(`No sample video "${id}" in media/samples.json`)
  return video
}
