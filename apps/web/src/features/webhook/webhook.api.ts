import {
  WebhookPaths,
  type WebhookAddBody,
  type WebhookCreated,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookEditBody,
  type WebhookEndpoint,
  type WebhookListReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Webhook calls (contract: packages/domain/src/api/webhook.api.ts). Form and action calls are manual. */
export const webhookApi = {
  list: () => http.get<WebhookListReply>(WebhookPaths.list),
  add: (body: WebhookAddBody) => http.post<WebhookCreated>(WebhookPaths.add, body, { manual: true }),
  edit: (body: WebhookEditBody) => http.post<WebhookEndpoint>(WebhookPaths.edit, body, { manual: true }),
  remove: (id: number) => http.post<null>(WebhookPaths.delete, { id }, { manual: true }),
  test: (id: number) => http.post<WebhookDelivery>(WebhookPaths.test, { id }, { manual: true }),
  deliveries: (endpointId: number, page: number, pageSize: number) =>
    http.get<WebhookDeliveriesPage>(WebhookPaths.deliveries, {
      params: { endpoint_id: endpointId, page, page_size: pageSize },
    }),
};

export const webhookKeys = {
  all: ['webhook'] as const,
  list: ['webhook', 'list'] as const,
  deliveries: (endpointId: number, page: number, pageSize: number) =>
    ['webhook', 'deliveries', endpointId, page, pageSize] as const,
};
