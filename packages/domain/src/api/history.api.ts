import { z } from 'zod';
import { Limits } from '../constants/limits.constants.ts';
import { idSchema } from './device.api.ts';

/**
 * Contract of the history calls (the history data screen) and of the ingest drop counters.
 * Paths are relative to API_BASE. Every call needs device view (2) and the device in the
 * caller's data scope (else 1003). Only rows measured at or after the device was bound to the
 * team are returned (a device's earlier owner keeps its data).
 *
 * Values: numbers (BOOL as 0/1), strings (STRING tags; UINT64/INT64 beyond 2^53 as exact
 * decimal strings), or null (the device reported the value as unavailable).
 *
 * 1035 (history query limit) when a query exceeds HistoryLimits: more than 10 tags, a range
 * longer than 366 days, a raw page beyond offset 100,000, a width over 4,000 pixels, or an xlsx
 * export of more than 10,000 rows (CSV has no row limit).
 */
export const HistoryPaths = {
  raw: '/history/raw', // GET historyRawQuery -> historyRawReply                 (device view 2)
  series: '/history/series', // GET historySeriesQuery -> historySeriesReply    (device view 2)
  export: '/history/export', // GET historyExportQuery -> xlsx or CSV file      (device view 2)
  drops: '/history/drops', // GET ?id= -> ingestDrops                           (device view 2)
  tags: '/history/tags', // GET ?id= -> historyTagsReply                         (device view 2)
  stream: '/history/stream', // GET historyStreamQuery -> NDJSON or CSV page     (device view 2)
} as const;

export const HistoryLimits = {
  maxTags: 10,
  maxRangeMs: 366 * 24 * 3600_000,
  rawPageSizeMax: 1000,
  /** page * page_size beyond this is 1035: narrow the range instead of paging deep. */
  rawOffsetMax: 100_000,
  /** `total` of a raw page counts up to this many rows (then `total_capped`). */
  totalCountCap: 100_000,
  widthMin: 10,
  widthMax: 4000,
  /** The series has at most ceil(width / pixelsPerBucket) buckets: about 2 points (min, max) per pixel. */
  pixelsPerBucket: 2,
  xlsxRowsMax: Limits.alarmExportRowsMax,
} as const;

/** Tag ids as `tag_ids=1,2,3` (or repeated `tag_ids`): 1 to 10 distinct positive ids. */
export const tagIdsQuery = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => (typeof s === 'string' ? s.split(',') : [s]))
      .map((s) => (typeof s === 'string' ? s.trim() : s))
      .filter((s) => s !== '' && s !== undefined),
  z.array(z.coerce.number().int().positive()).min(1),
);

const ms = z.coerce.number().int().nonnegative();

/** A device, its tags and a time range [from, to] in ms UTC (both inclusive). */
export const historyRangeQuery = z
  .object({
    device_id: idSchema,
    tag_ids: tagIdsQuery,
    from: ms,
    to: ms,
  })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] });

export const historyRawQuery = z
  .object({
    device_id: idSchema,
    tag_ids: tagIdsQuery,
    from: ms,
    to: ms,
    /** 1-based. */
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(HistoryLimits.rawPageSizeMax).default(100),
    /** By time (then tag id). */
    order: z.enum(['asc', 'desc']).default('asc'),
  })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] });
export type HistoryRawQuery = z.input<typeof historyRawQuery>;

export const historyValue = z.union([z.number(), z.string(), z.null()]);
export type HistoryValue = z.infer<typeof historyValue>;

export const historyRow = z.object({ tag_id: z.number().int(), ts: z.number().int(), value: historyValue });
export type HistoryRow = z.infer<typeof historyRow>;

export const historyRawReply = z.object({
  list: z.array(historyRow),
  /** Rows in the range, counted up to HistoryLimits.totalCountCap. */
  total: z.number().int(),
  /** True when there are more rows than `total` says. */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type HistoryRawReply = z.infer<typeof historyRawReply>;

export const historySeriesQuery = z
  .object({
    device_id: idSchema,
    tag_ids: tagIdsQuery,
    from: ms,
    to: ms,
    /** Width of the chart in pixels: at most ceil(width / 2) buckets. */
    width: z.coerce.number().int().min(HistoryLimits.widthMin),
  })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] });
export type HistorySeriesQuery = z.input<typeof historySeriesQuery>;

/**
 * One tag's downsampled series, column by column (as uPlot takes it). Bucket i covers
 * [t[i], t[i] + bucket_ms) intersected with the scanned range; only buckets holding rows appear.
 * min/max are over the numeric values (null when the bucket has none: STRING tags, all null);
 * first/last are the values of the earliest and latest row of the bucket (at first_ts, last_ts).
 */
export const historySeries = z.object({
  tag_id: z.number().int(),
  t: z.array(z.number().int()),
  n: z.array(z.number().int()),
  min: z.array(z.number().nullable()),
  max: z.array(z.number().nullable()),
  first: z.array(historyValue),
  last: z.array(historyValue),
  first_ts: z.array(z.number().int()),
  last_ts: z.array(z.number().int()),
});
export type HistorySeries = z.infer<typeof historySeries>;

/**
 * The series of each requested tag. `origin` + k * `bucket_ms` are the bucket starts. `from` and
 * `to` are the range actually scanned: the request's range, or for `source: 'rollup'` (buckets of
 * a minute or more, computed from per-minute aggregates) widened to whole minutes.
 */
export const historySeriesReply = z.object({
  from: z.number().int(),
  to: z.number().int(),
  origin: z.number().int(),
  bucket_ms: z.number().int(),
  source: z.enum(['raw', 'rollup']),
  series: z.array(historySeries),
});
export type HistorySeriesReply = z.infer<typeof historySeriesReply>;

export const historyExportFormats = ['xlsx', 'csv'] as const;

/**
 * Export of the range, one row per value (time, tag name, tag id, value), ordered by time.
 * Times are written as local time of the user: UTC shifted by `tz` hours (e.g. 8, -5, 5.5).
 * xlsx: at most 10,000 rows (else 1035); csv: streamed, no row limit.
 */
export const historyExportQuery = z
  .object({
    device_id: idSchema,
    tag_ids: tagIdsQuery,
    from: ms,
    to: ms,
    format: z.enum(historyExportFormats).default('xlsx'),
    tz: z.coerce.number().min(-12).max(14).default(0),
  })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] });
export type HistoryExportQuery = z.input<typeof historyExportQuery>;

/**
 * Values the ingest pipeline refused for a device, counted since the device was registered:
 * tags not in its template (or no template / not bound), values of the wrong data type or out of
 * the type's range, and messages that were not valid `data` payloads.
 */
/** A tag a device can have history for: its template's tags, then its monitor points. */
export const historyTag = z.object({
  id: z.number().int(),
  name: z.string(),
  data_type: z.number().int(),
  unit: z.string(),
  decimals: z.number().int(),
  source: z.enum(['template', 'point']),
});
export type HistoryTag = z.infer<typeof historyTag>;
export const historyTagsReply = z.object({ device_id: z.number().int(), tags: z.array(historyTag) });
export type HistoryTagsReply = z.infer<typeof historyTagsReply>;

export const ingestDrops = z.object({
  device_id: z.number().int(),
  unknown_tag: z.number().int(),
  wrong_type: z.number().int(),
  bad_payload: z.number().int(),
  /** Values of a device whose template is locked (billing, docs/api.md). */
  template_locked: z.number().int(),
  /** Values of template TAGs (or points) beyond the device's TAG allocation. */
  tag_quota: z.number().int(),
  /** Reason of the latest drop, for operators (e.g. "tag 12: expected UINT16"). */
  last_reason: z.string(),
  /** ms; null = nothing dropped yet. */
  last_at: z.number().int().nullable(),
});
export type IngestDrops = z.infer<typeof ingestDrops>;

export const historyStreamFormats = ['ndjson', 'csv'] as const;

/** Rows of one page of the export for integrators (`HistoryPaths.stream`). */
export const HistoryStreamLimits = { pageDefault: 10_000, pageMax: 100_000 } as const;

/**
 * The export for integrators, by cursor (docs/api.md, Integrations): the values of a device's
 * tags in [from, to] (ms UTC, both inclusive, any length) in time order (then tag id), one page
 * of at most `limit` rows per call. The page's reply carries the cursor of the next page in the
 * `X-Next-Cursor` header (absent on the last page), computed before the rows are streamed; NDJSON
 * pages also end with a `historyStreamEnd` line. `tag_ids` omitted: every tag the device has
 * history for (its template's tags and monitor points).
 */
export const historyStreamQuery = z
  .object({
    device_id: idSchema,
    tag_ids: tagIdsQuery.optional(),
    from: ms,
    to: ms,
    format: z.enum(historyStreamFormats).default('ndjson'),
    /** The `X-Next-Cursor` of the previous page, unchanged; none: the first page. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'a cursor of an earlier page')
      .optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(HistoryStreamLimits.pageMax)
      .default(HistoryStreamLimits.pageDefault),
  })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] });
export type HistoryStreamQuery = z.input<typeof historyStreamQuery>;

/** One NDJSON line of a page (CSV: the columns `ts,time,tag_id,tag,value`; time is ISO 8601 UTC). */
export const historyStreamRow = z.object({
  ts: z.number().int(),
  tag_id: z.number().int(),
  tag: z.string(),
  value: historyValue,
});
export type HistoryStreamRow = z.infer<typeof historyStreamRow>;

/** The last NDJSON line of a page: the next page's cursor (null: this was the last) and the rows sent. */
export const historyStreamEnd = z.object({ next_cursor: z.string().nullable(), rows: z.number().int() });
export type HistoryStreamEnd = z.infer<typeof historyStreamEnd>;
