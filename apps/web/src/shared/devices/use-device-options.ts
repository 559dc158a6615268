import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceListQuery } from '@hmi/domain';
import { deviceKeys } from '../query/device-keys.ts';
import { deviceReads } from './device-reads.ts';

/** Devices matching a name or SN, for the device select (the server applies the data scope). */
export function useDeviceOptions(search: string, enabled: boolean) {
  const query: DeviceListQuery = { page: 1, page_size: 30, sort: 'name', order: 'asc' };
  if (search) query.search = search;
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => deviceReads.list(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
