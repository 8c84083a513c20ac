import type { ApiKeyList, CreateApiKeyBody, CreatedApiKey } from '@storyreel/contracts/api-keys'

import { getApi } from '#app/lib/api.ts'

export const API_KEYS_QUERY_KEY = ['api-keys'] as const

/** The account's API keys. Made, listed and revoked with the session only: the API refuses keys here. */
export const apiKeysApi = {
  list: () => getApi().get<ApiKeyList>('api-keys', { auth: true }),
  /** Problems are shown beside the form, so no toast. */
  create: (body: CreateApiKeyBody) => getApi().post<CreatedApiKey>('api-keys', body, { auth: true }),
  revoke: (id: string) => getApi().delete(`api-keys/${encodeURIComponent(id)}`, { auth: true, notifyOnError: true }),
}
