import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HistoryLimits } from '@hmi/domain';
import { historyApi, historyKeys, type HistoryScope, type RawPage } from './history.api.ts';
import { EXTENT_PRESET, extentOf, presetRange } from './history-range.ts';

/** The downsampled series of the visible window; the previous one stays drawn while the next loads. */
export function useHistorySeries(scope: HistoryScope | undefined, width: number) {
  return useQuery({
    queryKey: scope ? historyKeys.series(scope, width) : ['history', 'series', 'none'],
    queryFn: ({ signal }) => historyApi.series(scope as HistoryScope, width, signal),
    enabled: scope !== undefined && width > 0,
    placeholderData: keepPreviousData,
  });
}

/** One server-side page of raw rows of the visible window. */
export function useHistoryRaw(scope: HistoryScope | undefined, page: RawPage) {
  return useQuery({
    queryKey: scope ? historyKeys.raw(scope, page) : ['history', 'raw', 'none'],
    queryFn: ({ signal }) => historyApi.raw(scope as HistoryScope, page, signal),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * Where the tags' data lies in the last 30 days (first and newest sample; null: none), to fit
 * the range the screen opens with: one narrow series (the fewest buckets the contract allows,
 * read from the minute rollups). Asked only while `enabled` (no range chosen).
 */
export function useHistoryExtent(deviceId: number | undefined, tagIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.extent(deviceId ?? 0, tagIds),
    queryFn: async ({ signal }) => {
      const range = presetRange(EXTENT_PRESET, Date.now());
      const reply = await historyApi.series(
        { deviceId: deviceId ?? 0, tagIds, ...range },
        HistoryLimits.widthMin,
        signal,
      );
      return extentOf(reply);
    },
    enabled: enabled && deviceId !== undefined && tagIds.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}
