import { useQuery } from '@tanstack/react-query';
import type { HistoryTag } from '@hmi/domain';
import { useDeviceDetail } from '../../shared/devices/device-reads.ts';
import { historyApi, historyKeys } from './history.api.ts';

const NO_TAGS: HistoryTag[] = [];

/**
 * The chosen device and the tags it can have history for: its template's tags in template
 * order, then its monitor points (the data monitor's own tags).
 */
export function useHistoryDevice(deviceId: number | undefined) {
  const device = useDeviceDetail(deviceId);
  const tagList = useQuery({
    queryKey: historyKeys.tags(deviceId ?? 0),
    queryFn: ({ signal }) => historyApi.tags(deviceId ?? 0, signal),
    enabled: deviceId !== undefined,
    staleTime: 30_000,
  });
  const tags = tagList.data?.tags ?? NO_TAGS;
  const loadingTags = deviceId !== undefined && (device.isPending || tagList.isPending);
  return { device, tags, loadingTags, tagsFailed: tagList.isError };
}
