import type { Asset, AssetList } from '@storyreel/contracts/assets'
import type { BrandKit, BrandKitInput } from '@storyreel/contracts/brand-kit'
import type { Usage } from '@storyreel/contracts/studio'

import { getApi, uploadToApi } from '#app/lib/api.ts'

/** Photos a page in the logo picker. */
export const LOGO_PICKER_PAGE_SIZE = 24

export const brandKitQueryKey = ['brand-kit', 'kit'] as const
export const planQueryKey = ['brand-kit', 'plan'] as const

/**
 * The brand page's calls on the product API. Saves are quiet (no toast): the page shows each refusal beside the
 * field it is about.
 */
export const brandKitApi = {
  get: () => getApi().get<BrandKit>('brand-kit', { auth: true }),
  save: (input: BrandKitInput) => getApi().put<BrandKit>('brand-kit', input, { auth: true }),
  /** The plan decides whether an own font can be uploaded. */
  getPlan: async () => (await getApi().get<Usage>('usage', { auth: true })).plan,
  uploadFont: (file: File, onProgress?: (loaded: number, total: number) => void) =>
    uploadToApi<BrandKit>('brand-kit/font', file, { method: 'PUT', onProgress }),
  deleteFont: () => getApi().delete<BrandKit>('brand-kit/font', { auth: true }),
  listPhotos: (q: string | undefined, page: number) => {
    const params = new URLSearchParams({ kind: 'image', page: String(page), page_size: String(LOGO_PICKER_PAGE_SIZE) })
    if (q) params.set('q', q)
    return getApi().get<AssetList>(`assets?${params.toString()}`, { auth: true })
  },
  /** A logo uploaded here goes into the library like any photo, then the kit points at it. */
  uploadLogo: (file: File, onProgress?: (loaded: number, total: number) => void) =>
    uploadToApi<Asset>('assets', file, { onProgress }),
}
