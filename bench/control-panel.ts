/**
 * Control panel summary for a team of 10,000 devices with 300 active alarms (issue 16: p95 at
 * most 50 ms on SQLite): GET /v1/operations/controlpanel/summary through real HTTP against the
 * real server, beside the device list's target page (filter + search, bench/device-list.ts) and
 * GET /global/getUserInfo (the HTTP + auth floor), measured in the same run, interleaved.
 * The team is the device list bench's (lib/device-team-seed.ts), plus 300 open alarm records,
 * 20,000 recovered ones over the last 30 days and two connection events per device.
 *
 *   npx tsx bench/control-panel.ts [--requests 300] [--devices 10000] [--alarms 300] [--pg]
 *
 * --pg uses DATABASE_URL (a fresh schema, dropped at the end).
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ControlPanelSummary } from '@hmi/domain';
import { sql, type Insertable } from 'kysely';
import type { AlarmRecordsTable } from '../apps/server/src/db/tables/alarms.ts';
import type { DeviceConnectionEventsTable } from '../apps/server/src/db/tables/device-connection.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { prng, seedDeviceTeam } from './lib/device-team-seed.ts';
import { machineLine, ms, summarize } from './lib/stats.ts';

const TARGET_P95_MS = 50;
const DAY = 86_400_000;

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    devices: { type: 'string', default: '10000' },
    alarms: { type: 'string', default: '300' },
    history: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '30' },
    pg: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
if (args.pg && !process.env.DATABASE_URL) {
  console.error('--pg needs DATABASE_URL (postgres://user:pass@host:5432/db)');
  process.exit(2);
}

/** Open alarms on random devices (one per device and rule), recovered history, connection events. */
async function seedAlarms(server: BenchServer, teamId: number) {
  const random = prng(16);
  const db = server.app.db;
  const devices = (
    await db.selectFrom('devices').select(['id', 'online']).where('team_id', '=', teamId).execute()
  ).map((d) => ({ id: Number(d.id), online: Number(d.online) }));
  const pick = () => devices[Math.floor(random() * devices.length)]!;
  const now = Date.now();
  const levels = [1, 2, 4, 8, 16];
  const record = (
    deviceId: number,
    rule: number,
    raisedAt: number,
    open: boolean,
  ): Insertable<AlarmRecordsTable> => {
    const acked = open && random() < 0.3;
    return {
      team_id: teamId,
      device_id: deviceId,
      rule_id: null,
      rule_name: `Rule ${rule}`,
      group_id: null,
      level: levels[Math.floor(random() * levels.length)]!,
      tag_id: 2,
      tag_name: 'speed',
      type: 2,
      state: open ? (acked ? 2 : 1) : 4,
      content: 'Speed above limit',
      value: '1200',
      last_value: '1250',
      times: 1 + Math.floor(random() * 3),
      raised_at: raisedAt,
      acked_at: acked ? raisedAt + 1000 : null,
      acked_by: null,
      acked_by_name: acked ? 'Operator' : null,
      recovered_at: open ? null : raisedAt + 60_000,
    };
  };
  const rows: Insertable<AlarmRecordsTable>[] = [];
  const openKeys = new Set<string>();
  while (openKeys.size < Number(args.alarms)) {
    const d = pick();
    const rule = 1 + Math.floor(random() * 4);
    if (openKeys.has(`${d.id}:${rule}`)) continue;
    openKeys.add(`${d.id}:${rule}`);
    rows.push(record(d.id, rule, now - Math.floor(random() * 3 * DAY), true));
  }
  for (let i = 0; i < Number(args.history); i++)
    rows.push(record(pick().id, 1 + Math.floor(random() * 4), now - Math.floor(random() * 30 * DAY), false));
  const events: Insertable<DeviceConnectionEventsTable>[] = [];
  for (const d of devices) {
    const at = now - Math.floor(random() * 7 * DAY);
    events.push({ device_id: d.id, online: 1 - d.online, reason: 'state', at });
    events.push({ device_id: d.id, online: d.online, reason: d.online ? 'state' : 'will', at: at + 60_000 });
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('alarm_records')
        .values(rows.slice(i, i + 500))
        .execute();
    for (let i = 0; i < events.length; i += 1000)
      await trx
        .insertInto('device_connection_events')
        .values(events.slice(i, i + 1000))
        .execute();
  });
  if (server.engine === 'postgres') await sql`analyze`.execute(db);
  return { open: openKeys.size, history: rows.length - openKeys.size, events: events.length };
}

interface Probe {
  name: string;
  url: string;
  wall: number[];
  bytes: number;
}

async function once(p: Probe, token: string, record: boolean) {
  const t0 = performance.now();
  const res = await fetch(p.url, { headers: { authorization: token } });
  const text = await res.text();
  const elapsed = performance.now() - t0;
  if (res.status !== 200 || !text.startsWith('{"code":0'))
    throw new Error(`${p.url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  if (!record) return;
  p.wall.push(elapsed);
  p.bytes = text.length;
}

async function main() {
  console.log(machineLine());
  const server = await startBenchServer({ postgresUrl: args.pg ? process.env.DATABASE_URL : undefined });
  try {
    const seeded = await seedDeviceTeam(server, Number(args.devices));
    const alarms = await seedAlarms(server, seeded.teamId);
    const { token } = seeded;
    const first = await server.call<ControlPanelSummary>('GET', '/operations/controlpanel/summary', {
      token,
    });
    console.log(
      `engine ${server.engine}; ${first.summary.total} devices (${first.summary.online} online, ${first.summary.alarm} in alarm), ` +
        `${alarms.open} active alarms, ${alarms.history} recovered records, ${alarms.events} connection events; seeded in ${(seeded.seedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `${REQUESTS} requests per row, sequential, interleaved round-robin, after ${WARMUP} warm-up rounds`,
    );
    const probe = (name: string, path: string): Probe => ({
      name,
      url: `${server.url}/v1${path}`,
      wall: [],
      bytes: 0,
    });
    const auth = probe('GET /global/getUserInfo (HTTP + auth floor)', '/global/getUserInfo');
    const list = probe('device list: search "filler" + online=1', '/device/list?search=filler&online=1');
    const panel = probe('control panel summary (target)', '/operations/controlpanel/summary');
    const probes = [auth, list, panel];
    for (let round = 0; round < WARMUP + REQUESTS; round++)
      for (const p of probes) await once(p, token, round >= WARMUP);

    console.log(
      `\n${'request'.padEnd(46)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  bytes`,
    );
    for (const p of probes) {
      const s = summarize(p.wall);
      console.log(
        `${p.name.padEnd(46)} ${ms(s.p50).padStart(7)} ${ms(s.p95).padStart(7)} ${ms(s.p99).padStart(7)} ${ms(s.max).padStart(7)}  ${p.bytes}`,
      );
    }
    const s = summarize(panel.wall);
    const l = summarize(list.wall);
    console.log(
      `\nControl panel p95 ${ms(s.p95)} ms / ${TARGET_P95_MS} ms target = ${(s.p95 / TARGET_P95_MS).toFixed(3)} ${s.p95 <= TARGET_P95_MS ? '(passes)' : '(MISSES the target)'}`,
    );
    console.log(
      `Control panel p95 / device list page p95 (same run) = ${ms(s.p95)} / ${ms(l.p95)} = ${(s.p95 / l.p95).toFixed(2)}; p50 ratio ${(s.p50 / l.p50).toFixed(2)}`,
    );
    console.log(
      `Load average at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} (${availableParallelism()} CPUs)`,
    );
    process.exitCode = s.p95 <= TARGET_P95_MS ? 0 : 1;
  } finally {
    await server.close();
  }
}

await main();
