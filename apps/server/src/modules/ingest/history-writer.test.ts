import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import type { HistoryWriter, IngestRow } from './history-writer.ts';

/*
 * The writer on the server's database (SQLite: cached better-sqlite3 statements; PostgreSQL with
 * DATABASE_URL: multi-row statements through Kysely): redelivered rows are stored once, and the
 * minute rollups and last values match what the raw rows give, batch after batch.
 */
let server: TestServer;
let writer: HistoryWriter;

beforeAll(async () => {
  server = await startTestServer();
  writer = server.app.liveData.ingest.writer;
});
afterAll(async () => server?.close());

const MINUTE = 60_000;
const base = Math.floor(Date.UTC(2026, 0, 1) / MINUTE) * MINUTE;

describe('HistoryWriter', () => {
  it('stores redeliveries once and keeps rollups and last values exact against the raw rows', async () => {
    const deviceId = 910_001;
    const rows = (from: number, n: number, live = true): IngestRow[] =>
      Array.from({ length: n }, (_, i) => {
        const ts = base + (from + i) * 7_000; // several rows per minute, across minutes
        return [
          { deviceId, tagId: 1, ts, num: ((from + i) * 37) % 101, txt: null, live },
          { deviceId, tagId: 2, ts, num: null, txt: `s${from + i}`, live },
          { deviceId, tagId: 3, ts, num: i % 5 === 0 ? null : -(from + i), txt: null, live },
        ];
      }).flat();
    // Batches in parallel (group commit), redeliveries of parts of them, backfill out of order.
    await Promise.all([writer.write(rows(0, 20)), writer.write(rows(20, 20))]);
    await Promise.all([writer.write(rows(10, 20)), writer.write(rows(40, 5))]);
    await writer.write(rows(-30, 25, false));
    await writer.write(rows(-30, 40, false));
    await writer.write(
      [],
      new Map([[deviceId, { unknownTag: 2, wrongType: 1, badPayload: 0, reason: 'x', at: 5 }]]),
    );
    await writer.write(
      [],
      new Map([[deviceId, { unknownTag: 1, wrongType: 0, badPayload: 3, reason: 'y', at: 6 }]]),
    );

    const db = server.app.db;
    const history = await db
      .selectFrom('history')
      .select(['tag_id', 'ts', 'num', 'txt'])
      .where('device_id', '=', deviceId)
      .orderBy('tag_id')
      .orderBy('ts')
      .execute();
    expect(history.length).toBe(75 * 3); // samples -30 .. 44, each once

    const expected = new Map<
      string,
      {
        n: number;
        mn: number | null;
        mx: number | null;
        first: unknown;
        last: unknown;
        t0: number;
        t1: number;
      }
    >();
    for (const r of history) {
      const ts = Number(r.ts);
      const minute = ts - (ts % MINUTE);
      const key = `${r.tag_id}:${minute}`;
      const num = r.num === null ? null : Number(r.num);
      const e = expected.get(key);
      if (!e) {
        expected.set(key, {
          n: 1,
          mn: num,
          mx: num,
          first: [num, r.txt],
          last: [num, r.txt],
          t0: ts,
          t1: ts,
        });
        continue;
      }
      e.n++;
      if (num !== null) {
        e.mn = e.mn === null ? num : Math.min(e.mn, num);
        e.mx = e.mx === null ? num : Math.max(e.mx, num);
      }
      e.last = [num, r.txt]; // rows are in ts order
      e.t1 = ts;
    }
    const rollups = await db.selectFrom('history_1m').selectAll().where('device_id', '=', deviceId).execute();
    expect(rollups.length).toBe(expected.size);
    for (const r of rollups) {
      const e = expected.get(`${r.tag_id}:${Number(r.minute)}`);
      expect(e, `minute ${r.minute} of tag ${r.tag_id}`).toBeDefined();
      const num = (v: unknown) => (v === null ? null : Number(v));
      expect({
        n: Number(r.n),
        mn: num(r.mn),
        mx: num(r.mx),
        first: [num(r.first_num), r.first_txt],
        last: [num(r.last_num), r.last_txt],
        t0: Number(r.t0),
        t1: Number(r.t1),
      }).toEqual(e);
    }

    const last = await db
      .selectFrom('tag_last_values')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('tag_id')
      .execute();
    const newest = base + 44 * 7_000;
    expect(last.map((r) => [r.tag_id, Number(r.ts)])).toEqual([
      [1, newest],
      [2, newest],
      [3, newest],
    ]);
    expect(last[1]!.txt).toBe('s44');

    const drops = await db
      .selectFrom('ingest_drops')
      .selectAll()
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow();
    expect([
      Number(drops.unknown_tag),
      Number(drops.wrong_type),
      Number(drops.bad_payload),
      drops.last_reason,
    ]).toEqual([3, 1, 3, 'y']);
  });
});
