import type { Asset, AssetKind, AssetList } from '@storyreel/contracts/assets'

import { getApi } from '#app/lib/api.ts'

export type LibraryQuery = { kind?: AssetKind | undefined; q?: string | undefined }

/** Assets a page; the grid asks for the next page as the person goes on. */
export const LIBRARY_PAGE_SIZE = 40

/** The media library's calls on the product API. */
export const libraryApi = {
  list({ kind, q }: LibraryQuery, page: number): Promise<AssetList> {
    const params = new URLSearchParams({ page: String(page), page_size: String(LIBRARY_PAGE_SIZE) })
    if (kind) params.set('kind', kind)
    if (q) params.set('q', q)
    return getApi().get<AssetList>(`assets?${params.toString()}`, { auth: true })
  },

  rename: (id: string, name: string) =>
    getApi().patch<Asset>(`assets/${encodeURIComponent(id)}`, { name }, { auth: true, notifyOnError: true }),

  delete: (id: string) =>
    getApi().delete(`assets/${encodeURIComponent(id)}`, {
      auth: true,
      notifyOnError: true,
      successToast: 'Deleted from your library.',
    }),
}
