import {
  DevicePaths,
  type DeviceBindBody,
  type DeviceBulkReply,
  type DeviceDetail,
  type DeviceEditBody,
  type DeviceLabelsBody,
  type DeviceMoveBody,
  type DeviceOverview,
  type DeviceTemplateBody,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { deviceReads } from '../../shared/devices/device-reads.ts';

/**
 * Device calls (contract: packages/domain/src/api/device.api.ts): the shared reads (list, detail)
 * and the device list's own. Form calls are manual.
 */
export const deviceApi = {
  ...deviceReads,
  overview: () => http.get<DeviceOverview>(DevicePaths.overview),
  bind: (body: DeviceBindBody) => http.post<DeviceDetail>(DevicePaths.bind, body, { manual: true }),
  edit: (body: DeviceEditBody) => http.post<DeviceDetail>(DevicePaths.edit, body, { manual: true }),
  move: (body: DeviceMoveBody) => http.post<DeviceBulkReply>(DevicePaths.move, body, { manual: true }),
  labels: (body: DeviceLabelsBody) => http.post<DeviceBulkReply>(DevicePaths.labels, body, { manual: true }),
  template: (body: DeviceTemplateBody) =>
    http.post<DeviceBulkReply>(DevicePaths.template, body, { manual: true }),
  unbind: (ids: number[]) => http.post<DeviceBulkReply>(DevicePaths.unbind, { ids }),
};
