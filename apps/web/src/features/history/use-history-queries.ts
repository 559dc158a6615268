import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { historyApi, historyKeys, type HistoryScope, type RawPage } from './history.api.ts';

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
