import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { decodeFrame } from './history-frame.codec.ts';
import { expectRollupsMatch, frame } from './history-test-helpers.ts';
import type { HistoryWriter, IngestFrame } from './history-writer.ts';
import { storedValues } from '../ingest/live-data-test-helpers.ts';

/*
 * The writer on the server's database (SQLite: cached better-sqlite3 statements; PostgreSQL with
 * DATABASE_URL: multi-row statements through Kysely): redelivered frames are stored once, other
 * frames of the same time are kept, and the minute rollups and last values (kept in memory,
 * flushed) match what the stored values give, batch after batch.
 */
let server: TestServer;
let writer: HistoryWriter;

beforeAll(async () => {
  server = await startTestServer();
  writer = server.app.services.historyStore.writer;
});
afterAll(async () => server?.close());

const MINUTE = 60_000;
const base = Math.floor(Date.UTC(2026, 0, 1) / MINUTE) * MINUTE;

describe('HistoryWriter', () => {
  it('stores redeliveries once and keeps rollups and last values exact against the stored values', async () => {
    const deviceId = 910_001;
    const frames = (from: number, n: number, live = true): IngestFrame[] =>
      Array.from({ length: n }, (_, i) => {
        const ts = base + (from + i) * 7_000; // several frames per minute, across minutes
        return frame(
          deviceId,
          ts,
          [
            [1, ((from + i) * 37) % 101, null],
            [2, null, `s${from + i}`],
            [3, i % 5 === 0 ? null : -(from + i), null],
          ],
          live,
        );
      });
    // Batches in parallel (group commit), redeliveries of parts of them, backfill out of order.
    await Promise.all([writer.write(frames(0, 20)), writer.write(frames(20, 20))]);
    await server.app.services.historyStore.flush(); // rollups now partly stored, partly pending
    await Promise.all([writer.write(frames(10, 20)), writer.write(frames(40, 5))]);
    await writer.write(frames(-30, 25, false));
    await writer.write(frames(-30, 40, false));
    await writer.write(
      [],
      new Map([[deviceId, { unknownTag: 2, wrongType: 1, badPayload: 0, reason: 'x', at: 5 }]]),
    );
    await writer.write(
      [],
      new Map([[deviceId, { unknownTag: 1, wrongType: 0, badPayload: 3, reason: 'y', at: 6 }]]),
    );
    await server.app.services.historyStore.flush();

    const db = server.app.db;
    const history = await storedValues(server, deviceId);
    expect(history.length).toBe(75 * 3); // samples -30 .. 44, each once
    await expectRollupsMatch(server, deviceId, history);

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

  it('keeps two messages of the same time with different tag sets, and a redelivery once', async () => {
    const deviceId = 910_002;
    const ts = base + 5 * MINUTE + 123;
    const a = frame(deviceId, ts, [
      [1, 1, null],
      [2, 2, null],
    ]);
    const b = frame(deviceId, ts, [[3, 3, null]]);
    expect(a.tagset).not.toBe(b.tagset);
    await writer.write([a]);
    // The redelivery of `a` in the same batch as `b`, and once more alone.
    await writer.write([
      frame(deviceId, ts, [
        [1, 1, null],
        [2, 2, null],
      ]),
      b,
    ]);
    await writer.write([a, a]);
    expect((await storedValues(server, deviceId)).map((r) => [r.tag_id, r.ts, r.num])).toEqual([
      [1, ts, 1],
      [2, ts, 2],
      [3, ts, 3],
    ]);
    await server.app.services.historyStore.flush();
    // Redelivered once more after the frames moved into history_frames (SQLite), and an older frame.
    await writer.write([a, frame(deviceId, ts - 1, [[1, 9, null]])]);
    expect((await storedValues(server, deviceId)).map((r) => [r.tag_id, r.ts, r.num])).toEqual([
      [1, ts - 1, 9],
      [1, ts, 1],
      [2, ts, 2],
      [3, ts, 3],
    ]);
    await server.app.services.historyStore.flush();
    const n = await server.app.db
      .selectFrom('history_1m')
      .select(['tag_id', 'n'])
      .where('device_id', '=', deviceId)
      .orderBy('tag_id')
      .execute();
    expect(n.map((r) => [r.tag_id, Number(r.n)])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'SQLite: finds a staged frame in history_frames once it moved there',
    async () => {
      const deviceId = 910_003;
      const stage = server.app.services.historyStore.writer.flusher.memory.stage!;
      const frames = Array.from({ length: 5 }, (_, i) => frame(deviceId, base + i * 1000, [[1, i, null]]));
      await writer.write(frames);
      const keys = stage.keys(deviceId, base, base + 10_000, 'asc');
      expect(keys.map((k) => k.ts)).toEqual(frames.map((f) => f.ts));
      const staged = await server.app.db
        .selectFrom('history_recent')
        .select('ts')
        .where('device_id', '=', deviceId)
        .execute();
      expect(staged.length).toBe(5);
      await server.app.services.historyStore.flush(); // moves them
      expect(stage.keys(deviceId, base, base + 10_000, 'asc')).toEqual([]);
      const fetched = await stage.fetch(keys);
      expect(fetched.map((f) => [f.ts, decodeFrame(f.data).nums])).toEqual(frames.map((f) => [f.ts, f.nums]));
    },
  );
});
