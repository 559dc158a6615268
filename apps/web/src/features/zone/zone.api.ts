import {
  ZonePaths,
  type DeviceZonesReply,
  type ZoneAddBody,
  type ZoneAssignBody,
  type ZoneAssignReply,
  type ZoneEditBody,
  type ZoneItem,
  type ZoneListReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Security zone calls (contract: packages/domain/src/api/zone.api.ts). Form and action calls are manual. */
export const zoneApi = {
  list: () => http.get<ZoneListReply>(ZonePaths.list),
  add: (body: ZoneAddBody) => http.post<ZoneItem>(ZonePaths.add, body, { manual: true }),
  rename: (body: ZoneEditBody) => http.post<ZoneItem>(ZonePaths.edit, body, { manual: true }),
  remove: (id: number) => http.post<null>(ZonePaths.delete, { id }, { manual: true }),
  assign: (body: ZoneAssignBody) => http.post<ZoneAssignReply>(ZonePaths.assign, body, { manual: true }),
  deviceZones: (deviceIds: string, signal?: AbortSignal) =>
    http.get<DeviceZonesReply>(ZonePaths.deviceZones, {
      params: { device_ids: deviceIds },
      ...(signal ? { signal } : {}),
    }),
};

export const zoneKeys = {
  all: ['zone'] as const,
  list: ['zone', 'list'] as const,
  deviceZonesAll: ['zone', 'device-zones'] as const,
  deviceZones: (deviceIds: string) => ['zone', 'device-zones', deviceIds] as const,
};
