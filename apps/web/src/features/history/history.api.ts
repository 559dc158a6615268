import {
  HistoryPaths,
  type HistoryExportQuery,
  type HistoryRawReply,
  type HistorySeriesReply,
  type HistoryTagsReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import type { TimeRange } from './history-range.ts';

/** A device, its chosen tags and a range: what every history call starts from. */
export interface HistoryScope extends TimeRange {
  deviceId: number;
  tagIds: readonly number[];
}

export interface RawPage {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
}

export type ExportFormat = NonNullable<HistoryExportQuery['format']>;

const params = (s: HistoryScope) => ({
  device_id: s.deviceId,
  // `tag_ids=1,2,3`: the contract's form (axios would send tag_ids[]=1&tag_ids[]=2).
  tag_ids: s.tagIds.join(','),
  from: s.from,
  to: s.to,
});

/**
 * A file reply comes as bytes; an error reply is the usual JSON envelope: decode that one so the
 * client handles its code like any other (1035 in place, token refresh on 1009...).
 */
export function envelopeOrBytes(
  data: unknown,
  headers: { get?: (name: string) => unknown } | undefined,
): unknown {
  const type = String(headers?.get?.('content-type') ?? '');
  if (data instanceof ArrayBuffer && type.includes('application/json')) {
    try {
      return JSON.parse(new TextDecoder().decode(data)) as unknown;
    } catch {
      return data;
    }
  }
  return data;
}

/** A CSV of a long range streams for a while; the usual 60 s would cut it off. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * History calls (contract: packages/domain/src/api/history.api.ts). Manual: 1035 and the other
 * codes are shown on the screen, next to what caused them.
 */
export const historyApi = {
  /** The device's template tags, then its monitor points. */
  tags: (deviceId: number, signal?: AbortSignal) =>
    http.get<HistoryTagsReply>(HistoryPaths.tags, {
      params: { id: deviceId },
      ...(signal ? { signal } : {}),
    }),
  series: (s: HistoryScope, width: number, signal?: AbortSignal) =>
    http.get<HistorySeriesReply>(HistoryPaths.series, {
      params: { ...params(s), width },
      manual: true,
      ...(signal ? { signal } : {}),
    }),
  raw: (s: HistoryScope, p: RawPage, signal?: AbortSignal) =>
    http.get<HistoryRawReply>(HistoryPaths.raw, {
      params: { ...params(s), page: p.page, page_size: p.pageSize, order: p.order },
      manual: true,
      ...(signal ? { signal } : {}),
    }),
  /** The file's bytes; `tz` is the user's UTC offset in hours. */
  export: (s: HistoryScope, format: ExportFormat, tz: number) =>
    http.get<ArrayBuffer>(HistoryPaths.export, {
      params: { ...params(s), format, tz },
      responseType: 'arraybuffer',
      transformResponse: [envelopeOrBytes],
      timeout: EXPORT_TIMEOUT_MS,
      manual: true,
    }),
};

export const historyKeys = {
  all: ['history'] as const,
  tags: (deviceId: number) => ['history', 'tags', deviceId] as const,
  series: (s: HistoryScope, width: number) =>
    ['history', 'series', s.deviceId, s.tagIds.join(','), s.from, s.to, width] as const,
  extent: (deviceId: number, tagIds: readonly number[]) =>
    ['history', 'extent', deviceId, tagIds.join(',')] as const,
  raw: (s: HistoryScope, p: RawPage) =>
    ['history', 'raw', s.deviceId, s.tagIds.join(','), s.from, s.to, p.page, p.pageSize, p.order] as const,
};
