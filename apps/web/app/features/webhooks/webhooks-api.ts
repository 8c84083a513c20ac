import type {
  CreateWebhookBody,
  CreatedWebhook,
  UpdateWebhookBody,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookList,
} from '@storyreel/contracts/webhooks'

import { getApi } from '#app/lib/api.ts'

export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const
export const getDeliveriesQueryKey = (id: string) => ['webhooks', id, 'deliveries'] as const

const path = (id: string) => `webhooks/${encodeURIComponent(id)}`

/** The account's webhook endpoints and their delivery log, with the session only, as the API asks. */
export const webhooksApi = {
  list: () => getApi().get<WebhookList>('webhooks', { auth: true }),
  /** Problems are shown beside the form, so no toast. */
  create: (body: CreateWebhookBody) => getApi().post<CreatedWebhook>('webhooks', body, { auth: true }),
  update: (id: string, body: UpdateWebhookBody) =>
    getApi().patch<WebhookEndpoint>(path(id), body, { auth: true, notifyOnError: true }),
  delete: (id: string) => getApi().delete(path(id), { auth: true, notifyOnError: true }),
  deliveries: (id: string) => getApi().get<WebhookDeliveryList>(`${path(id)}/deliveries`, { auth: true }),
  resend: (id: string, deliveryId: string) =>
    getApi().post(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, undefined, {
      auth: true,
      notifyOnError: true,
    }),
}
