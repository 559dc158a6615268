import type { HistoryRawReply, HistorySeriesReply } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import {
  connectDevice,
  readAll,
  teamWithTemplate,
  type Tags,
  type TestDevice,
} from '../ingest/live-data-test-helpers.ts';
import { HistoryFramesReader } from './history-frames.reader.ts';

/*
 * History over frames with the rollups and last values kept in memory between flushes: what a
 * user reads is the same before and after a flush (never stale, never counted twice), and a raw
 * read of a sparse tag, or a deep page, decodes only the minutes it needs.
 */
let server: TestServer;
let token: string;
let tags: Tags;
let templateId: number;
const clients: MqttClient[] = [];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  // No flush on a timer: the tests flush when they mean to.
  server = await startDeviceTestServer({ INGEST_FLUSH_MS: '600000', ...NO_BILLING });
  const team = await teamWithTemplate(server);
  token = team.token;
  tags = team.tags;
  templateId = team.template.id;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await server?.close();
});

async function device(): Promise<TestDevice> {
  const d = await connectDevice(server, token, templateId);
  clients.push(d.client);
  return d;
}

const raw = (
  d: TestDevice,
  tagIds: number[],
  from: number,
  to: number,
  page: number,
  size: number,
  order = 'asc',
) =>
  server.call<HistoryRawReply>(
    'GET',
    `/history/raw?device_id=${d.id}&tag_ids=${tagIds.join(',')}&from=${from}&to=${to}&page=${page}&page_size=${size}&order=${order}`,
    { token },
  );

const series = (d: TestDevice, tagIds: number[], from: number, to: number, width: number) =>
  server.call<HistorySeriesReply>(
    'GET',
    `/history/series?device_id=${d.id}&tag_ids=${tagIds.join(',')}&from=${from}&to=${to}&width=${width}`,
    { token },
  );

/** Counts the frames the reader reads from the database. */
function countFrames() {
  let frames = 0;
  const original = HistoryFramesReader.prototype.frames;
  vi.spyOn(HistoryFramesReader.prototype, 'frames').mockImplementation(async function* (
    this: HistoryFramesReader,
    deviceId,
    from,
    to,
    order,
  ) {
    for await (const chunk of original.call(this, deviceId, from, to, order)) {
      frames += chunk.length;
      yield chunk;
    }
  });
  return () => frames;
}

describe('history over frames', () => {
  it('reads the newest values and rollups from memory before the flush, the same after it', async () => {
    const d = await device();
    const ts = Math.ceil(Date.now() / MINUTE) * MINUTE + 2 * MINUTE + 123;
    await d.data({ ts, v: { [tags.speed]: 5, [tags.temp]: 1.5 } });
    await d.data({ ts: ts + 1_000, v: { [tags.speed]: 6 } });

    const stored = () =>
      server.app.db.selectFrom('tag_last_values').select('tag_id').where('device_id', '=', d.id).execute();
    const read = async () => {
      const last = await server.call<{ items: { tag_id: number; value: unknown; ts: number }[] }>(
        'GET',
        `/device/lastvalues?id=${d.id}`,
        { token },
      );
      const s = await series(d, [tags.speed, tags.temp], ts - HOUR, ts + HOUR, 10);
      const page = await raw(d, [tags.speed, tags.temp], ts - HOUR, ts + HOUR, 1, 10);
      return {
        last: last.body.data.items
          .map((i) => [i.tag_id, i.ts, i.value])
          .sort((a, b) => Number(a[0]) - Number(b[0])),
        source: s.body.data.source,
        n: s.body.data.series.map((x) => x.n.reduce((a, b) => a + b, 0)),
        lastOfSpeed: s.body.data.series[0]!.last.at(-1),
        total: page.body.data.total,
        rows: page.body.data.list.length,
      };
    };
    const expected = {
      last: [
        [tags.speed, ts + 1_000, 6],
        [tags.temp, ts, 1.5],
      ].sort((a, b) => a[0]! - b[0]!),
      source: 'rollup',
      n: [2, 1],
      lastOfSpeed: 6,
      total: 3,
      rows: 3,
    };

    expect(await stored()).toEqual([]); // nothing flushed yet
    expect(await read()).toEqual(expected);
    await server.app.services.historyStore.flush();
    expect((await stored()).length).toBe(2);
    expect(await read()).toEqual(expected);
  });

  it('pages a sparse tag among 1 Hz values without decoding the minutes that lack it', async () => {
    const d = await device();
    const t0 = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
    const span = 3 * HOUR;
    const sparse = [t0 + 10 * MINUTE + 500, t0 + 90 * MINUTE + 500, t0 + 170 * MINUTE + 500];
    const samples = [];
    for (let ts = t0; ts < t0 + span; ts += 1_000)
      samples.push({ ts, v: { [tags.speed]: (ts / 1000) % 1000 }, hist: true });
    for (const [i, ts] of sparse.entries()) samples.push({ ts, v: { [tags.temp]: i + 0.5 }, hist: true });
    samples.sort((a, b) => a.ts - b.ts);
    // The first half written and flushed (on SQLite: moved into history_frames), the rest not:
    // the first reads merge both.
    const half = Math.floor(samples.length / 2);
    for (let i = 0; i < half; i += 1000) await d.data(samples.slice(i, Math.min(half, i + 1000)));
    await server.app.services.historyStore.flush();
    for (let i = half; i < samples.length; i += 1000) await d.data(samples.slice(i, i + 1000));

    for (const flushed of [false, true]) {
      if (flushed) await server.app.services.historyStore.flush();
      // The sparse tag: 3 values, read by decoding the 3 minutes that hold them (60 frames each).
      let read = countFrames();
      const page = await raw(d, [tags.temp], t0, t0 + span, 1, 2);
      expect(page.body.data.total).toBe(3);
      expect(page.body.data.list.map((r) => [r.ts, r.value])).toEqual([
        [sparse[0], 0.5],
        [sparse[1], 1.5],
      ]);
      const second = await raw(d, [tags.temp], t0, t0 + span, 2, 2, 'desc');
      expect(second.body.data.list.map((r) => r.ts)).toEqual([sparse[0]]);
      expect(read()).toBeLessThanOrEqual(4 * 60);
      vi.restoreAllMocks();

      // A deep page of the dense tag skips whole minutes by their counts.
      read = countFrames();
      const deep = await raw(d, [tags.speed], t0, t0 + span, 9, 1000);
      expect(deep.body.data.total).toBe(span / 1000);
      const expectedTs = Array.from({ length: 1000 }, (_, i) => t0 + (8000 + i) * 1000);
      expect(deep.body.data.list.map((r) => r.ts)).toEqual(expectedTs);
      // The page covers 1000 s (a chunk of frames and a minute), not the 8000 s before it.
      expect(read()).toBeLessThan(2_200);
      vi.restoreAllMocks();
    }

    // Every value, in order, through the API, both tags at once.
    const all = await readAll(server, token, d.id, [tags.speed, tags.temp], t0, t0 + span);
    expect(all.length).toBe(span / 1000 + 3);
    expect(
      all.every(
        (r, i) =>
          i === 0 || r.ts > all[i - 1]!.ts || (r.ts === all[i - 1]!.ts && r.tag_id > all[i - 1]!.tag_id),
      ),
    ).toBe(true);
  });
});
