import {
  DevicePaths,
  type DeviceBindBody,
  type DeviceBulkReply,
  type DeviceDetail,
  type DeviceEditBody,
  type DeviceLabelsBody,
  type DeviceListQuery,
  type DeviceListReply,
  type DeviceMoveBody,
  type DeviceOverview,
  type DeviceTemplateBody,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Device calls (contract: packages/domain/src/api/device.api.ts). Form calls are manual. */
export const deviceApi = {
  list: (query: DeviceListQuery, signal?: AbortSignal) =>
    http.get<DeviceListReply>(DevicePaths.list, { params: query, ...(signal ? { signal } : {}) }),
  overview: () => http.get<DeviceOverview>(DevicePaths.overview),
  detail: (id: number) => http.get<DeviceDetail>(DevicePaths.detail, { params: { id } }),
  bind: (body: DeviceBindBody) => http.post<DeviceDetail>(DevicePaths.bind, body, { manual: true }),
  edit: (body: DeviceEditBody) => http.post<DeviceDetail>(DevicePaths.edit, body, { manual: true }),
  move: (body: DeviceMoveBody) => http.post<DeviceBulkReply>(DevicePaths.move, body, { manual: true }),
  labels: (body: DeviceLabelsBody) => http.post<DeviceBulkReply>(DevicePaths.labels, body, { manual: true }),
  template: (body: DeviceTemplateBody) =>
    http.post<DeviceBulkReply>(DevicePaths.template, body, { manual: true }),
  unbind: (ids: number[]) => http.post<DeviceBulkReply>(DevicePaths.unbind, { ids }),
};
