import type { StudioConfig } from '#src/config.ts'
import type { ExternalSources } from '#src/plugins/security-headers.ts'

import { createLocalMediaStore } from './local-media-store.ts'
import type { MediaStore } from './media-store.ts'
import { createS3MediaStore, getS3Origin } from './s3-media-store.ts'

/** The media store the configuration names: an S3-compatible bucket when MEDIA_STORE=s3, local disk otherwise. */
export function createMediaStore(studio: Pick<StudioConfig, 's3' | 'mediaDir'>): MediaStore {
  return studio.s3 ? createS3MediaStore(studio.s3) : createLocalMediaStore(studio.mediaDir)
}

/** Pages may show videos and pictures from the store when media links redirect there (decision 033). */
export function getMediaSources(studio: Pick<StudioConfig, 's3' | 'mediaDelivery'>): ExternalSources {
  if (!studio.s3 || studio.mediaDelivery !== 'redirect') return {}
  const origin = getS3Origin(studio.s3)
  return { img: [origin], media: [origin] }
}
