import type { Batch, BatchSummary, CreateBatchBody } from '@storyreel/contracts/batches'
import type { Usage, Voice } from '@storyreel/contracts/studio'
import type { TemplateList } from '@storyreel/contracts/templates'

import { getApi } from '#app/lib/api.ts'

const auth = { auth: true } as const

export type BatchList = { batches: BatchSummary[] }

/** Batches' calls on the product API, and the lists a CSV's rows are checked against before sending. */
export const batchesApi = {
  list: () => getApi().get<BatchList>('batches', auth),
  get: (id: string) => getApi().get<Batch>(`batches/${encodeURIComponent(id)}`, auth),
  // The page shows a refused batch's reasons beside the form, so no toast.
  create: (body: CreateBatchBody) => getApi().post<Batch>('videos/batch', body, auth),
  getUsage: () => getApi().get<Usage>('usage', auth),
  listVoices: () => getApi().get<{ voices: Voice[] }>('voices', auth),
  listTemplates: () => getApi().get<TemplateList>('templates', auth),
}
