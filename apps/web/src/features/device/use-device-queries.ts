import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceListQuery } from '@hmi/domain';
import { deviceApi, deviceKeys } from './device.api.ts';

/**
 * How often the list and the overview ask again, so online/offline changes show without a
 * reload. The device data socket (SPEC section 7) replaces this polling when it lands.
 */
export const DEVICE_POLL_MS = 5_000;

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
    refetchInterval: DEVICE_POLL_MS,
  });
}
