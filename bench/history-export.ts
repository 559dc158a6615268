/**
 * The export for integrators (GET /v1/history/stream, pages by cursor, NDJSON and CSV) against
 * today's export (GET /v1/history/export?format=csv, one stream of the whole range), side by side
 * in one run, through HTTP from a running server, on the same data: two REAL tags at 1 Hz for
 * 3 days (518,400 values, bulk-inserted as history frames straight into the SQLite file, minute
 * rollups rebuilt). Each variant reads every row of the range; rounds alternate the variants and
 * the best of the rounds is kept. Prints rows/s and bytes/s of each and the ratios to today's.
 *
 *   npm run bench:history-export [-- --days 3 --rounds 3]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { encodeFrame, tagsetOf } from '../apps/server/src/modules/history-store/index.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';

const { values: args } = parseArgs({
  options: { days: { type: 'string', default: '3' }, rounds: { type: 'string', default: '3' } },
});
const DAYS = Number(args.days);
const ROUNDS = Number(args.rounds);
const SECONDS = DAYS * 24 * 3600;

interface Result {
  ms: number;
  rows: number;
  bytes: number;
  pages: number;
}

async function main() {
  console.log(`machine: ${machine()}`);
  const server = await startBenchServer();
  try {
    const team = await benchTeam(server.app);
    const t = await benchTemplate(server.app, team.teamId, 2);
    const [device] = await benchDevices(server.app, team.teamId, t.templateId, 1);
    const tagIds = t.tags.slice(0, 2).map((x) => x.id);
    const end = Math.floor(Date.now() / 60_000) * 60_000;
    const start = end - SECONDS * 1000;

    let clock = performance.now();
    const file = new SQLite(join(server.dataDir, 'console.db'));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    const insert = file.prepare(
      'insert into history_frames (device_id, ts, tagset, writer, ingested_at, data) values (?, ?, ?, 0, 0, ?)',
    );
    const tagset = tagsetOf(tagIds);
    const chunk = file.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const a = Math.round((50 + 40 * Math.sin(i / 3600) + Math.random() * 5) * 100) / 100;
        const b = Math.round(Math.random() * 1e5) / 100;
        insert.run(
          device!.id,
          start + i * 1000,
          tagset,
          encodeFrame({ ids: tagIds, nums: [a, b], txts: [null, null] }),
        );
      }
    });
    for (let i = 0; i < SECONDS; i += 100_000) chunk(i, Math.min(SECONDS, i + 100_000));
    file.close();
    const inserted = performance.now() - clock;
    clock = performance.now();
    await server.app.services.history.rebuildRollups(device!.id, tagIds, start, end);
    console.log(
      `${(SECONDS * 2).toLocaleString('en-US')} values (${SECONDS.toLocaleString('en-US')} frames of 2 tags) inserted in ${(inserted / 1000).toFixed(1)} s, rollups rebuilt in ${((performance.now() - clock) / 1000).toFixed(1)} s`,
    );

    const range = `device_id=${device!.id}&tag_ids=${tagIds.join(',')}&from=${start}&to=${end}`;
    const fetchText = async (path: string) => {
      const res = await fetch(`${server.url}/v1${path}`, { headers: { authorization: team.token } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
      return { body, next: res.headers.get('x-next-cursor') };
    };
    /** Today's export: one CSV stream of the whole range. */
    const today = async (): Promise<Result> => {
      const s = performance.now();
      const { body } = await fetchText(`/history/export?${range}&format=csv`);
      return {
        ms: performance.now() - s,
        rows: body.split('\n').length - 2,
        bytes: Buffer.byteLength(body),
        pages: 1,
      };
    };
    /** The export by cursor: every page of the range, one after the other, as a client reads them. */
    const paged = (format: 'ndjson' | 'csv', limit: number) => async (): Promise<Result> => {
      const s = performance.now();
      let cursor: string | null = null;
      const r = { ms: 0, rows: 0, bytes: 0, pages: 0 };
      do {
        const page = await fetchText(
          `/history/stream?${range}&format=${format}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        r.pages++;
        r.bytes += Buffer.byteLength(page.body);
        // NDJSON: the end line; CSV: the header line.
        r.rows += page.body.split('\n').length - 2;
        cursor = page.next;
      } while (cursor);
      r.ms = performance.now() - s;
      return r;
    };
    const variants: [string, () => Promise<Result>][] = [
      ['today: /history/export CSV, one stream', today],
      ['stream NDJSON, pages of 100,000', paged('ndjson', 100_000)],
      ['stream CSV, pages of 100,000', paged('csv', 100_000)],
      ['stream NDJSON, pages of 10,000 (default)', paged('ndjson', 10_000)],
      ['stream CSV, pages of 10,000 (default)', paged('csv', 10_000)],
    ];
    const best = new Map<string, Result>();
    await today(); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of variants) {
        const r = await run();
        const prev = best.get(name);
        if (!prev || r.ms < prev.ms) best.set(name, r);
      }
    }
    const base = best.get(variants[0]![0])!;
    const rate = (r: Result) => r.rows / (r.ms / 1000);
    const bytesRate = (r: Result) => r.bytes / (r.ms / 1000) / 2 ** 20;
    console.log(`best of ${ROUNDS} rounds, every row of ${DAYS} days of 2 tags:`);
    for (const [name] of variants) {
      const r = best.get(name)!;
      console.log(
        `  ${name.padEnd(42)} ${(r.ms / 1000).toFixed(2).padStart(6)} s  ${r.rows.toLocaleString('en-US').padStart(9)} rows in ${String(r.pages).padStart(2)} page(s)  ${Math.round(rate(r)).toLocaleString('en-US').padStart(9)} rows/s  ${bytesRate(r).toFixed(1).padStart(5)} MiB/s  ratio rows/s vs today ${(rate(r) / rate(base)).toFixed(2)}`,
      );
      if (r.rows !== base.rows) throw new Error(`${name}: ${r.rows} rows, today's export ${base.rows}`);
    }
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
