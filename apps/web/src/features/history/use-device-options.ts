import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceListQuery } from '@hmi/domain';
import { deviceApi } from '../device/index.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';

/** Devices matching a name or SN, for the history screen's picker (the server applies the data scope). */
export function useDeviceOptions(search: string, enabled: boolean) {
  const query: DeviceListQuery = { page: 1, page_size: 30, sort: 'name', order: 'asc' };
  if (search) query.search = search;
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => deviceApi.list(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
