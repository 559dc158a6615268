import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { devicePageApi, devicePageKeys } from './device-page.api.ts';

/** How often the page's lists ask again; online changes and writes also refresh them at once. */
export const DEVICE_PAGE_POLL_MS = 30_000;

/** The device (identity, state); a 1003 (gone, not the caller's) is the page's own state. */
export function useDevicePageDetail(id: number | undefined) {
  return useQuery({
    queryKey: devicePageKeys.detail(id ?? 0),
    queryFn: ({ signal }) => devicePageApi.detail(id ?? 0, signal),
    enabled: id !== undefined,
    retry: false,
    refetchInterval: DEVICE_PAGE_POLL_MS,
  });
}

export function useOnlineLog(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: devicePageKeys.onlineLog(id, page, pageSize),
    queryFn: ({ signal }) => devicePageApi.onlineLog(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DEVICE_PAGE_POLL_MS,
  });
}

export function useTagWrites(id: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: devicePageKeys.tagWrites(id),
    queryFn: ({ signal }) => devicePageApi.tagWrites(id, pageSize, signal),
    enabled,
    refetchInterval: DEVICE_PAGE_POLL_MS,
  });
}

export function useIngestDrops(id: number) {
  return useQuery({
    queryKey: devicePageKeys.drops(id),
    queryFn: ({ signal }) => devicePageApi.drops(id, signal),
    refetchInterval: DEVICE_PAGE_POLL_MS,
  });
}
