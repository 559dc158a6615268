import {
  ErrorCode,
  HistoryLimits,
  isMonitorPointTagId,
  type HistoryRawReply,
  type IngestDrops,
  type HistorySeries,
  type HistorySeriesReply,
  type HistoryTagsReply,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import {
  decodeStoredValue,
  type BucketRow,
  type HistoryReads,
  type HistoryStore,
  type StoredRow,
} from '../history-store/index.ts';
import type { HistoryRepo } from './history.repo.ts';
import { presentStoredRow } from './history.presenter.ts';

const MINUTE = 60_000;

interface Range {
  device_id: number;
  tag_ids: number[];
  from: number;
  to: number;
}

/** A range checked against the limits and the caller's scope, clipped to the device's binding. */
export interface CheckedRange {
  deviceId: number;
  tagIds: number[];
  from: number;
  to: number;
  /** False when nothing can be in range (it ends before the device was bound). */
  any: boolean;
}

const limit = (what: string) => new AppError(ErrorCode.E1035_HISTORY_QUERY_LIMIT, { limit: what });

/**
 * History reads (SPEC history data): raw rows paged, downsampled series, export rows. Every
 * read checks the limits (1035), the device against the caller's scope (1003), and starts no
 * earlier than the device's binding to the team.
 */
export class HistoryService {
  private readonly reads: HistoryReads;

  constructor(
    private readonly repo: HistoryRepo,
    private readonly store: HistoryStore,
  ) {
    this.reads = store.reads;
  }

  readonly rebuildRollups = (deviceId: number, tagIds: number[], from: number, to: number) =>
    this.reads.rebuildRollups(deviceId, tagIds, from, to);

  /** The id of a device in the caller's scope (else 1003). */
  async requireDevice(caller: CurrentUser, id: number): Promise<number> {
    const device = await this.repo.device(caller.scope, id);
    if (!device) throw new AppError(ErrorCode.E1003_NO_DATA);
    return device.id;
  }

  /** The tags a device in the caller's scope has history for: template tags, then monitor points. */
  async tags(caller: CurrentUser, id: number): Promise<HistoryTagsReply> {
    const deviceId = await this.requireDevice(caller, id);
    const tags = await this.repo.tags(deviceId);
    return {
      device_id: deviceId,
      tags: tags.map((t) => ({
        id: t.id,
        name: t.name,
        data_type: t.data_type,
        unit: t.unit,
        decimals: t.decimals,
        source: isMonitorPointTagId(t.id) ? 'point' : 'template',
      })),
    };
  }

  /** The ingest drop counters of a device in the caller's scope. */
  async drops(caller: CurrentUser, id: number): Promise<IngestDrops> {
    return this.store.drops.ofDevice(await this.requireDevice(caller, id));
  }

  async check(caller: CurrentUser, q: Range): Promise<CheckedRange> {
    const tagIds = [...new Set(q.tag_ids)];
    if (tagIds.length > HistoryLimits.maxTags) throw limit('tags');
    if (q.to - q.from > HistoryLimits.maxRangeMs) throw limit('range');
    const device = await this.repo.device(caller.scope, q.device_id);
    if (!device) throw new AppError(ErrorCode.E1003_NO_DATA);
    // No cut at bound_at: a device's history holds its current binding only (BindingWall).
    return { deviceId: device.id, tagIds, from: q.from, to: q.to, any: q.from <= q.to };
  }

  async raw(
    caller: CurrentUser,
    q: Range & { page: number; page_size: number; order: 'asc' | 'desc' },
  ): Promise<HistoryRawReply> {
    const offset = (q.page - 1) * q.page_size;
    if (offset + q.page_size > HistoryLimits.rawOffsetMax) throw limit('offset');
    const r = await this.check(caller, q);
    const reply = {
      list: [] as HistoryRawReply['list'],
      total: 0,
      total_capped: false,
      page: q.page,
      page_size: q.page_size,
    };
    if (!r.any) return reply;
    const cap = HistoryLimits.totalCountCap;
    const count = await this.reads.count(r.deviceId, r.tagIds, r.from, r.to, cap + 1);
    reply.total = Math.min(count, cap);
    reply.total_capped = count > cap;
    if (offset >= count) return reply;
    for await (const row of this.reads.rows(r.deviceId, r.tagIds, r.from, r.to, q.order, offset)) {
      reply.list.push(presentStoredRow(row));
      if (reply.list.length >= q.page_size) break;
    }
    return reply;
  }

  async series(caller: CurrentUser, q: Range & { width: number }): Promise<HistorySeriesReply> {
    if (q.width > HistoryLimits.widthMax) throw limit('width');
    const r = await this.check(caller, q);
    const buckets = Math.ceil(q.width / HistoryLimits.pixelsPerBucket);
    const empty = (source: 'raw' | 'rollup', from: number, to: number, origin: number, bucket: number) => ({
      from,
      to,
      origin,
      bucket_ms: bucket,
      source,
      series: r.tagIds.map((tag_id) => emptySeries(tag_id)),
    });
    let bucket = Math.max(1, Math.ceil((r.to - r.from + 1) / buckets));
    if (bucket < MINUTE) {
      if (!r.any) return empty('raw', r.from, r.to, r.from, bucket);
      const rows = await this.reads.bucketsFromRows(r.deviceId, r.tagIds, r.from, r.to, r.from, bucket);
      return {
        ...empty('raw', r.from, r.to, r.from, bucket),
        series: toSeries(r.tagIds, rows, r.from, bucket),
      };
    }
    // Whole minutes from the rollups; the range widens to whole minutes (a binding mid-minute
    // starts at the next whole minute, so no earlier owner's row is counted).
    bucket = Math.ceil(bucket / MINUTE) * MINUTE;
    const bound = r.from > q.from;
    const from = bound ? Math.ceil(r.from / MINUTE) * MINUTE : r.from - (r.from % MINUTE);
    const to = r.to - (r.to % MINUTE) + MINUTE - 1;
    if (from > r.to) return empty('rollup', from, to, from, bucket);
    const rows = await this.reads.bucketsFromRollups(
      r.deviceId,
      r.tagIds,
      from,
      to - MINUTE + 1,
      from,
      bucket,
    );
    return { ...empty('rollup', from, to, from, bucket), series: toSeries(r.tagIds, rows, from, bucket) };
  }

  /** Rows of a checked range in time order, lazily (after the first `skip`: whole minutes by their counts). */
  rows(r: CheckedRange, skip = 0): AsyncGenerator<StoredRow> {
    return this.reads.rows(r.deviceId, r.tagIds, r.from, r.to, 'asc', skip);
  }

  count(r: CheckedRange, cap: number): Promise<number> {
    return r.any ? this.reads.count(r.deviceId, r.tagIds, r.from, r.to, cap) : Promise.resolve(0);
  }

  /** Names of every tag the device has history for (template tags, then monitor points). */
  async allTagNames(deviceId: number): Promise<Map<number, string>> {
    return new Map((await this.repo.tags(deviceId)).map((t) => [t.id, t.name]));
  }

  /** Names of the device's tags among `tagIds`: template tags and monitor points alike. */
  async tagNames(deviceId: number, tagIds: number[]): Promise<Map<number, string>> {
    const wanted = new Set(tagIds);
    const tags = await this.repo.tags(deviceId);
    return new Map(tags.filter((t) => wanted.has(t.id)).map((t) => [t.id, t.name]));
  }
}

function emptySeries(tag_id: number): HistorySeries {
  return { tag_id, t: [], n: [], min: [], max: [], first: [], last: [], first_ts: [], last_ts: [] };
}

function toSeries(tagIds: number[], rows: BucketRow[], origin: number, bucket: number) {
  const byTag = new Map(tagIds.map((id) => [id, emptySeries(id)]));
  for (const row of rows) {
    const s = byTag.get(row.tag_id);
    if (!s) continue;
    s.t.push(origin + row.b * bucket);
    s.n.push(row.n);
    s.min.push(row.mn);
    s.max.push(row.mx);
    s.first.push(decodeStoredValue(row.fnum, row.ftxt));
    s.last.push(decodeStoredValue(row.lnum, row.ltxt));
    s.first_ts.push(row.t0);
    s.last_ts.push(row.t1);
  }
  return [...byTag.values()];
}
