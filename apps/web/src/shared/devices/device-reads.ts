import { useQuery } from '@tanstack/react-query';
import { DevicePaths, type DeviceDetail, type DeviceListQuery, type DeviceListReply } from '@hmi/domain';
import { http } from '../http/http.ts';

/**
 * The device reads every screen uses (a page of the list, one device): the device feature adds
 * its writes to them; the pickers, filters and the history screen read through them.
 * Contract: packages/domain/src/api/device.api.ts.
 */
export const deviceReads = {
  list: (query: DeviceListQuery, signal?: AbortSignal) =>
    http.get<DeviceListReply>(DevicePaths.list, { params: query, ...(signal ? { signal } : {}) }),
  detail: (id: number) => http.get<DeviceDetail>(DevicePaths.detail, { params: { id } }),
};

/**
 * One device's detail (its name before a picker's list has loaded): one cache key for the
 * history screen, the alarm filters and the billing dialogs.
 */
export function useDeviceDetail(deviceId: number | undefined) {
  return useQuery({
    queryKey: ['device', 'detail', deviceId ?? 0],
    queryFn: () => deviceReads.detail(deviceId ?? 0),
    enabled: deviceId !== undefined,
    staleTime: 30_000,
  });
}
