/**
 * History reads, measured side by side in one run (issue 5): one REAL tag with 30 days at 1 Hz
 * (2,592,000 values, bulk-inserted as history frames straight into the SQLite file, minute
 * rollups rebuilt from them), then
 *  - the downsampled series (GET /v1/history/series, width 1000 px) over the whole 30 days and
 *    over random windows of 1 to 30 days: p50 and p95 (target p95 <= 150 ms);
 *  - reading the raw values of the 30 days: through the server (the CSV export streams every
 *    value) and straight from the database (Kysely select of the frames, decoded);
 *  - the ratio series p95 / raw read time (target <= 0.1).
 *
 *   npx tsx bench/history.ts           (about a minute)
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { decodeFrame, encodeFrame, tagsetOf } from '../apps/server/src/modules/history-store/index.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  percentile,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';

const DAYS = 30;
const ROWS = DAYS * 24 * 3600;
const RUNS = 40;

async function main() {
  console.log(`machine: ${machine()}`);
  const server = await startBenchServer();
  try {
    const team = await benchTeam(server.app);
    const t = await benchTemplate(server.app, team.teamId, 1);
    const [device] = await benchDevices(server.app, team.teamId, t.templateId, 1);
    const tagId = t.tags[0]!.id;
    const end = Math.floor(Date.now() / 60_000) * 60_000;
    const start = end - ROWS * 1000;

    let clock = performance.now();
    const file = new SQLite(join(server.dataDir, 'console.db'));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    const insert = file.prepare(
      'insert into history_frames (device_id, ts, tagset, writer, ingested_at, data) values (?, ?, ?, 0, 0, ?)',
    );
    const tagset = tagsetOf([tagId]);
    const chunk = file.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const ts = start + i * 1000;
        const value = Math.round((50 + 40 * Math.sin(i / 3600) + Math.random() * 5) * 100) / 100;
        insert.run(device!.id, ts, tagset, encodeFrame({ ids: [tagId], nums: [value], txts: [null] }));
      }
    });
    for (let i = 0; i < ROWS; i += 100_000) chunk(i, Math.min(ROWS, i + 100_000));
    file.close();
    const inserted = performance.now() - clock;
    clock = performance.now();
    await server.app.services.history.rebuildRollups(device!.id, [tagId], start, end);
    console.log(
      `${ROWS.toLocaleString('en-US')} values (frames of one tag) inserted in ${(inserted / 1000).toFixed(1)} s, minute rollups rebuilt in ${((performance.now() - clock) / 1000).toFixed(1)} s`,
    );

    const get = async (path: string) => {
      const s = performance.now();
      const res = await fetch(`${server.url}/v1${path}`, { headers: { authorization: team.token } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
      return { ms: performance.now() - s, body };
    };
    const series = (from: number, to: number) =>
      get(`/history/series?device_id=${device!.id}&tag_ids=${tagId}&from=${from}&to=${to}&width=1000`);

    // Warm up, then measure.
    await series(start, end);
    const full: number[] = [];
    const windows: number[] = [];
    let points = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await series(start, end);
      full.push(r.ms);
      points = (JSON.parse(r.body) as { data: { series: { t: number[] }[] } }).data.series[0]!.t.length;
      const days = 1 + Math.floor(Math.random() * DAYS);
      const from = start + Math.floor(Math.random() * (DAYS - days + 1)) * 24 * 3600_000;
      windows.push((await series(from, from + days * 24 * 3600_000)).ms);
    }
    const all = [...full, ...windows];
    const hour = await series(end - 3600_000, end);

    clock = performance.now();
    const csv = await get(
      `/history/export?device_id=${device!.id}&tag_ids=${tagId}&from=${start}&to=${end}&format=csv`,
    );
    const csvMs = performance.now() - clock;
    const csvRows = csv.body.split('\n').length - 2;
    clock = performance.now();
    const frames = await server.app.db
      .selectFrom('history_frames')
      .select(['ts', 'data'])
      .where('device_id', '=', device!.id)
      .where('ts', '>=', start)
      .where('ts', '<=', end)
      .orderBy('ts')
      .execute();
    const rows = frames.flatMap((f) => {
      const v = decodeFrame(f.data);
      return v.ids.map((id, i) => ({ tag_id: id, ts: f.ts, num: v.nums[i], txt: v.txts[i] }));
    });
    const dbMs = performance.now() - clock;

    const p95 = percentile(all, 95);
    console.log(
      `series (width 1000 -> ${points} buckets of ${(ROWS / points / 60).toFixed(0)} min), ${all.length} queries:`,
    );
    console.log(
      `  whole 30 days  p50 ${percentile(full, 50).toFixed(1)} ms  p95 ${percentile(full, 95).toFixed(1)} ms`,
    );
    console.log(
      `  1-30 day window p50 ${percentile(windows, 50).toFixed(1)} ms  p95 ${percentile(windows, 95).toFixed(1)} ms`,
    );
    console.log(`  all            p95 ${p95.toFixed(1)} ms (target <= 150 ms)`);
    console.log(`  last hour (raw rows, buckets of 4 s): ${hour.ms.toFixed(1)} ms`);
    console.log(
      `raw values of the 30 days: CSV export through the server ${(csvMs / 1000).toFixed(2)} s (${csvRows.toLocaleString('en-US')} rows); database select of the frames, decoded, ${(dbMs / 1000).toFixed(2)} s (${rows.length.toLocaleString('en-US')} values)`,
    );
    console.log(
      `ratio series p95 / raw read: ${(p95 / csvMs).toFixed(4)} vs the CSV export, ${(p95 / dbMs).toFixed(4)} vs the database select (target <= 0.1)`,
    );
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
