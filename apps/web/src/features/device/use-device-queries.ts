import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceListQuery } from '@hmi/domain';
import { deviceApi } from './device.api.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';

/**
 * How often the list and the overview ask again. Online/offline and sync changes of the devices
 * on screen arrive at once through the device data socket (`useLiveDeviceRefresh`); this slow
 * poll catches the rest (devices bound elsewhere, last activity).
 */
export const DEVICE_POLL_MS = 30_000;
/** The overview counts every device of the team (no socket covers them all): asked more often. */
export const OVERVIEW_POLL_MS = 10_000;

/** One server-side page of the device list; the previous page stays on screen while the next loads. */
export function useDeviceList(query: DeviceListQuery) {
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => deviceApi.list(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DEVICE_POLL_MS,
  });
}

/** Totals of the team's devices (total, online, offline, alarm, last activity). */
export function useDeviceOverview() {
  return useQuery({
    queryKey: deviceKeys.overview,
    queryFn: deviceApi.overview,
    refetchInterval: OVERVIEW_POLL_MS,
  });
}
