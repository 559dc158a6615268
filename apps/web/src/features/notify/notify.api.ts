import { MessagePaths, type DeliveryListReply, type NotifyDelivery, type NotifySettings } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Notification settings of the signed-in user (contract: packages/domain/src/api/message.api.ts). */
export const notifyApi = {
  settings: () => http.get<NotifySettings>(MessagePaths.settings),
  saveSettings: (body: Pick<NotifySettings, 'mail_levels'>) =>
    http.post<NotifySettings>(MessagePaths.settings, body, { manual: true }),
  /** A test mail to the caller; the reply is the logged delivery (ok or its error). Manual: shown on the card. */
  sendTest: () => http.post<NotifyDelivery>(MessagePaths.sendTest, {}, { manual: true }),
  deliveries: (page: number, pageSize: number, signal?: AbortSignal) =>
    http.get<DeliveryListReply>(MessagePaths.deliveries, {
      params: { page, page_size: pageSize },
      ...(signal ? { signal } : {}),
    }),
};

export const notifyKeys = {
  all: ['notify'] as const,
  settings: ['notify', 'settings'] as const,
  deliveriesAll: ['notify', 'deliveries'] as const,
  deliveries: (page: number, pageSize: number) => ['notify', 'deliveries', page, pageSize] as const,
};
