import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorCode, type HistoryStreamEnd } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import { csvField } from '../../lib/spreadsheet-safe.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { decodeStoredValue, type StoredRow } from '../history-store/index.ts';
import type { CheckedRange, HistoryService } from './history.service.ts';

/**
 * A place in the rows of a query, in their order (time, then tag id): the rows at `ts` or later,
 * after the first `skip` rows at `ts`. A page starts at one and ends before the next.
 */
export interface StreamPosition {
  ts: number;
  skip: number;
}

export interface StreamQuery {
  device_id: number;
  tag_ids?: number[] | undefined;
  from: number;
  to: number;
  cursor?: string | undefined;
  limit: number;
}

/** One page, planned before a byte is sent: where it starts, where the next starts (null: none). */
export interface StreamPage {
  range: CheckedRange;
  names: Map<number, string>;
  start: StreamPosition;
  next: StreamPosition | null;
  /** The cursor of `next` (null on the last page). */
  nextCursor: string | null;
}

const CURSOR_VERSION = 'h1';

/** The query a cursor belongs to: a cursor of another device, tags or range is refused (1006). */
function queryKey(deviceId: number, tagIds: number[], from: number, to: number): string {
  const text = `${deviceId}|${[...tagIds].sort((a, b) => a - b).join(',')}|${from}|${to}`;
  return createHash('sha256').update(text).digest('base64url').slice(0, 11);
}

/** `h1.<ts>.<skip>.<query key>`, base64url: opaque to clients, plain to read in a log. */
export const encodeCursor = (key: string, p: StreamPosition): string =>
  Buffer.from(`${CURSOR_VERSION}.${p.ts}.${p.skip}.${key}`).toString('base64url');

export function decodeCursor(cursor: string, key: string, q: { from: number; to: number }): StreamPosition {
  const bad = () =>
    new AppError(ErrorCode.E1006_BAD_PARAMETER, {
      where: 'querystring',
      fields: [{ path: 'cursor', message: 'not a cursor of this query', params: {} }],
    });
  const [version, ts, skip, of] = Buffer.from(cursor, 'base64url').toString().split('.');
  if (version !== CURSOR_VERSION || of !== key || !/^\d+$/.test(ts ?? '') || !/^\d+$/.test(skip ?? ''))
    throw bad();
  const p = { ts: Number(ts), skip: Number(skip) };
  if (p.ts < q.from || p.ts > q.to || !Number.isSafeInteger(p.skip)) throw bad();
  return p;
}

/**
 * Plans a page: the device in the caller's scope (else 1003), its tags, where the page starts
 * (the cursor, else `from`) and where the next one starts: the position of the row after the
 * page's `limit` rows, found without reading the page (the history store skips whole minutes by
 * their counts), so that the next cursor can go in a header before the rows are streamed.
 */
export async function planPage(
  history: HistoryService,
  caller: CurrentUser,
  q: StreamQuery,
): Promise<StreamPage> {
  const deviceId = await history.requireDevice(caller, q.device_id);
  const names = q.tag_ids
    ? await history.tagNames(deviceId, [...new Set(q.tag_ids)])
    : await history.allTagNames(deviceId);
  const tagIds = q.tag_ids ? [...new Set(q.tag_ids)] : [...names.keys()];
  const key = queryKey(deviceId, tagIds, q.from, q.to);
  const start = q.cursor ? decodeCursor(q.cursor, key, q) : { ts: q.from, skip: 0 };
  const range: CheckedRange = {
    deviceId,
    tagIds,
    from: start.ts,
    to: q.to,
    any: tagIds.length > 0 && start.ts <= q.to,
  };
  let next: StreamPosition | null = null;
  if (range.any) {
    const at = start.skip + q.limit;
    let after: StoredRow | undefined;
    for await (const row of history.rows(range, at)) {
      after = row;
      break;
    }
    if (after && after.ts === start.ts) next = { ts: after.ts, skip: at };
    else if (after) {
      // Rows before the next page's timestamp: the rest of the page is at that timestamp.
      const before = await history.count({ ...range, to: after.ts - 1 }, at + 1);
      next = { ts: after.ts, skip: at - before };
    }
  }
  return { range, names, start, next, nextCursor: next ? encodeCursor(key, next) : null };
}

const CHUNK = 64 * 1024;

/**
 * The page as text: `head`, a line per row (`line`, given the row and its tag's name as `tags`
 * wrote it once), `tail` (given the rows sent), in chunks of about 64 KiB. The rows run from the
 * page's start up to (not including) the next page's start. One loop over the store's rows, no
 * generator between (an await per row less: bench/history-export.ts).
 */
function textPage(
  history: HistoryService,
  page: StreamPage,
  parts: {
    head: string;
    tag: (name: string) => string;
    line: (row: StoredRow, tag: string) => string;
    tail: (rows: number) => string;
  },
): Readable {
  const tags = new Map([...page.names].map(([id, name]) => [id, parts.tag(name)]));
  const tagOf = (id: number) => tags.get(id) ?? parts.tag(`tag ${id}`);
  async function* out() {
    let chunk = parts.head;
    let n = 0;
    const { start, next } = page;
    let ts = start.ts;
    let at = start.skip;
    for await (const row of page.range.any ? history.rows(page.range, start.skip) : []) {
      if (row.ts !== ts) {
        ts = row.ts;
        at = 0;
      }
      if (next && (row.ts > next.ts || (row.ts === next.ts && at >= next.skip))) break;
      at++;
      n++;
      chunk += parts.line(row, tagOf(row.tag_id));
      if (chunk.length > CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    chunk += parts.tail(n);
    if (chunk) yield chunk;
  }
  return Readable.from(out());
}

/** NDJSON: one `historyStreamRow` a line, then the `historyStreamEnd` line (the page is whole). */
export const ndjsonPage = (history: HistoryService, page: StreamPage): Readable =>
  textPage(history, page, {
    head: '',
    tag: (name) => JSON.stringify(name),
    line: (r, tag) =>
      `{"ts":${r.ts},"tag_id":${r.tag_id},"tag":${tag},"value":${JSON.stringify(decodeStoredValue(r.num, r.txt))}}\n`,
    tail: (rows) => `${JSON.stringify({ next_cursor: page.nextCursor, rows } satisfies HistoryStreamEnd)}\n`,
  });

/**
 * CSV (RFC 4180, CRLF): `ts,time,tag_id,tag,value`, time in ISO 8601 UTC; text defused for
 * spreadsheets as in every export (lib/spreadsheet-safe.ts).
 */
export const csvPage = (history: HistoryService, page: StreamPage): Readable =>
  textPage(history, page, {
    head: 'ts,time,tag_id,tag,value\r\n',
    tag: (name) => csvField(name),
    line: (r, tag) =>
      `${r.ts},${new Date(r.ts).toISOString()},${r.tag_id},${tag},${csvField(decodeStoredValue(r.num, r.txt))}\r\n`,
    tail: () => '',
  });
