/**
 * Device list with 10,000 devices in one team: the latency of GET /v1/device/list pages through
 * real HTTP against the real server (SQLite in a temporary DATA_DIR, or PostgreSQL with --pg),
 * for a filter + search (the target of issue 4: p95 under 50 ms) and a few other variants.
 * Baselines measured in the same run: GET /v1/health (public) and GET /v1/global/getUserInfo
 * (authenticated), so the list's cost above the HTTP + auth floor is visible.
 *
 *   npx tsx bench/device-list.ts [--requests 300] [--devices 10000] [--pg]
 *
 * --pg uses DATABASE_URL (a fresh schema, dropped at the end); --keep leaves the database for inspection.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { DeviceListReply, DeviceListQuery } from '@hmi/domain';
import type { FastifyInstance } from 'fastify';
import { sql, type Insertable } from 'kysely';
import type { DevicesTable } from '../apps/server/src/db/database.ts';
import { hashDeviceSecret } from '../apps/server/src/plugins/mqtt/device-secret.ts';
import { createSignedInMain, startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { machineLine, ms, summarize, type Summary } from './lib/stats.ts';

const TARGET_P95_MS = 50;

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    devices: { type: 'string', default: '10000' },
    warmup: { type: 'string', default: '30' },
    pg: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(args.requests);
const DEVICES = Number(args.devices);
const WARMUP = Number(args.warmup);
if (args.pg && !process.env.DATABASE_URL) {
  console.error('--pg needs DATABASE_URL (postgres://user:pass@host:5432/db)');
  process.exit(2);
}

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same team. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(20_260_401);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

interface Seeded {
  token: string;
  plantA: number;
  lineB2: number;
  maintenanceLabel: number;
  seedMs: number;
}

/** Groups, labels and templates through the API; 10,000 devices and their labels in bulk through the app's db. */
async function seed(server: BenchServer): Promise<Seeded> {
  const started = performance.now();
  const { token, teamId } = await createSignedInMain(server, {
    email: 'bench@example.com',
    password: 'Bench12345',
    name: 'Bench Team',
  });
  const post = <T>(path: string, body: unknown) => server.call<T>('POST', path, { token, body });

  // A small tree: 3 plants, 4 lines each, 2 cells per line (39 groups). Names are unique in a team.
  const plants = ['A', 'B', 'C'];
  const leafGroups: { id: number; plant: string; line: number }[] = [];
  const groupIds = new Map<string, number>();
  for (const p of plants) {
    const plant = await post<{ id: number }>('/device/group/add', { name: `Plant ${p}` });
    groupIds.set(`Plant ${p}`, plant.id);
    for (let l = 1; l <= 4; l++) {
      const line = await post<{ id: number }>('/device/group/add', {
        name: `Line ${p}${l}`,
        parent_id: plant.id,
      });
      groupIds.set(`Line ${p}${l}`, line.id);
      leafGroups.push({ id: line.id, plant: p, line: l });
      for (let c = 1; c <= 2; c++) {
        const cell = await post<{ id: number }>('/device/group/add', {
          name: `Cell ${p}${l}-${c}`,
          parent_id: line.id,
        });
        leafGroups.push({ id: cell.id, plant: p, line: l });
      }
    }
  }

  const labelNames = [
    'critical',
    'maintenance',
    'firmware-2.1',
    'firmware-2.2',
    'north-hall',
    'south-hall',
    'pilot',
    'spare',
    'customer-acme',
    'customer-globex',
    'night-shift',
    'audit-2026',
    'retrofit',
    'cold-room',
    'outdoor',
    'lte',
    'ethernet',
    'wifi',
    'warranty',
    'decommission',
  ];
  const labels: number[] = [];
  for (const name of labelNames) labels.push((await post<{ id: number }>('/device/label/add', { name })).id);

  await server.app.db.updateTable('teams').set({ template_max_num: 20 }).where('id', '=', teamId).execute();
  const templateSpecs = [
    ['Filler', 'HMI-10'],
    ['Capper', 'HMI-7'],
    ['Palletizer', 'HMI-15'],
    ['Conveyor', 'HMI-7'],
    ['Gateway_Modbus', 'GW-4G'],
  ] as const;
  const templates: number[] = [];
  for (const [name, model] of templateSpecs) {
    const t = await post<{ id: number }>('/template/add', {
      name: `${name} v3`,
      hmi_model: model,
      tags: [
        { name: 'running', data_type: 0, rw: 0 },
        { name: 'speed', data_type: 7, rw: 2, unit: 'rpm', decimals: 1 },
        { name: 'count', data_type: 2, rw: 0 },
        { name: 'recipe', data_type: 9, rw: 2 },
      ],
    });
    templates.push(t.id);
  }

  // One hash for every device: the bench measures the list, not the registry.
  const secretHash = await hashDeviceSecret('bench-pin-0000');
  const machines = ['Filler', 'Capper', 'Labeler', 'Palletizer', 'Conveyor', 'Wrapper', 'Mixer', 'Oven'];
  const models = { hmi: ['HMI-7', 'HMI-10', 'HMI-15'], gateway: ['GW-4G', 'GW-ETH'] } as const;
  const now = Date.now();
  const rows: Insertable<DevicesTable>[] = [];
  for (let i = 1; i <= DEVICES; i++) {
    const kind = random() < 0.7 ? 'hmi' : 'gateway';
    const group = random() < 0.05 ? undefined : pick(leafGroups);
    const machine = pick(machines);
    const templateIndex = machines.indexOf(machine) % templates.length;
    const hasTemplate = random() < 0.85;
    const online = random() < 0.6 ? 1 : 0;
    const sn = `${kind === 'hmi' ? 'V7H' : 'GW4'}${(2200 + (i % 60)).toString()}${i.toString(16).toUpperCase().padStart(6, '0')}`;
    const created = now - Math.floor(random() * 365 * 86_400_000);
    rows.push({
      team_id: teamId,
      sn,
      secret_hash: secretHash,
      kind,
      model: pick(models[kind]),
      firmware: pick(['2.0.4', '2.1.0', '2.1.3', '2.2.0']),
      ip: `10.${i % 250}.${(i >> 8) % 250}.${(i % 200) + 10}`,
      registered_by: 'operator',
      name: `${machine}_${group ? `${group.plant}${group.line}` : 'X'}_${String(i).padStart(5, '0')}`,
      group_id: group?.id ?? null,
      template_id: hasTemplate ? templates[templateIndex]! : null,
      address: group ? `Plant ${group.plant}, hall ${group.line}` : '',
      remark: random() < 0.1 ? 'serviced in March' : '',
      hmi_sn: kind === 'hmi' ? sn : '',
      gateway_sn: kind === 'gateway' ? sn : '',
      online,
      last_seen_at: online
        ? now - Math.floor(random() * 60_000)
        : now - Math.floor(random() * 30 * 86_400_000),
      keepalive: 30,
      sync_state: hasTemplate && random() < 0.8 ? 1 : 0,
      config_version: hasTemplate ? 2 : 0,
      acked_version: hasTemplate ? 2 : 0,
      bind_type: 1,
      bound_at: created,
      created_at: created,
      updated_at: created,
    });
  }
  await server.app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('devices')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const ids = await trx
      .selectFrom('devices')
      .select('id')
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
    const links: { device_id: number; label_id: number }[] = [];
    for (const { id } of ids) {
      const n = Math.floor(random() * 4); // 0..3 labels
      for (const label of new Set(Array.from({ length: n }, () => pick(labels))))
        links.push({ device_id: id, label_id: label });
    }
    for (let i = 0; i < links.length; i += 1000) {
      await trx
        .insertInto('device_labels')
        .values(links.slice(i, i + 1000))
        .execute();
    }
  });
  // PostgreSQL's autovacuum analyzes a table after such an insert; do it now rather than wait.
  // SQLite gets no ANALYZE: the console never runs one, so the bench does not either.
  if (server.engine === 'postgres') await sql`analyze`.execute(server.app.db);

  return {
    token,
    plantA: groupIds.get('Plant A')!,
    lineB2: groupIds.get('Line B2')!,
    maintenanceLabel: labels[1]!,
    seedMs: performance.now() - started,
  };
}

/** Server-side cost of the last request: wall time and CPU time (user + system) from onRequest to onSend. */
let lastServer = { wall: 0, cpu: 0 };
function measureServer(app: FastifyInstance) {
  const started = new WeakMap<object, { t: number; cpu: NodeJS.CpuUsage }>();
  app.addHook('onRequest', async (req) => {
    started.set(req, { t: performance.now(), cpu: process.cpuUsage() });
  });
  app.addHook('onSend', async (req) => {
    const s = started.get(req);
    if (!s) return;
    const cpu = process.cpuUsage(s.cpu);
    lastServer = { wall: performance.now() - s.t, cpu: (cpu.user + cpu.system) / 1000 };
  });
}

interface Probe {
  name: string;
  url: string;
  token: string | undefined;
  isList: boolean;
  matched: string;
  wall: number[];
  server: number[];
  cpu: number[];
  bytes: number;
}

async function once(p: Probe, record: boolean) {
  const t0 = performance.now();
  const res = await fetch(p.url, { headers: p.token ? { authorization: p.token } : undefined });
  const text = await res.text();
  const elapsed = performance.now() - t0;
  if (res.status !== 200 || !text.startsWith('{"code":0'))
    throw new Error(`${p.url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  if (!record) return;
  p.wall.push(elapsed);
  p.server.push(lastServer.wall);
  p.cpu.push(lastServer.cpu);
  p.bytes = text.length;
}

const query = (q: DeviceListQuery) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function main() {
  console.log(machineLine());
  const server = await startBenchServer({
    postgresUrl: args.pg ? process.env.DATABASE_URL : undefined,
    keep: args.keep,
    setup: measureServer,
  });
  try {
    const seeded = await seed(server);
    const { token } = seeded;
    const total = await server.app.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `engine ${server.engine}; seeded ${Number(total.n)} devices (39 groups, 20 labels, 5 templates) in ${(seeded.seedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `${REQUESTS} requests per row, sequential, rows interleaved round-robin (so load from elsewhere hits every row alike), after ${WARMUP} warm-up rounds; page_size 20`,
    );

    const variants: { name: string; q: DeviceListQuery }[] = [
      { name: 'search "filler" + online=1 (target)', q: { search: 'filler', online: 1 } },
      { name: 'page 1, no filter (sort name)', q: {} },
      { name: 'search SN "V7H2231" + sync_state=0', q: { search: 'V7H2231', sync_state: 0 } },
      { name: 'group Plant A incl. subgroups', q: { group_id: seeded.plantA } },
      { name: 'label "maintenance"', q: { label_id: seeded.maintenanceLabel } },
      { name: 'sort online desc', q: { sort: 'online', order: 'desc' } },
      {
        name: 'group Line B2 + label + search + online',
        q: { group_id: seeded.lineB2, label_id: seeded.maintenanceLabel, search: 'b2', online: 1 },
      },
      { name: 'page 200 (deep offset)', q: { page: 200 } },
    ];

    const probe = (name: string, path: string, auth: boolean, isList: boolean, matched = ''): Probe => ({
      name,
      url: `${server.url}/v1${path}`,
      token: auth ? token : undefined,
      isList,
      matched,
      wall: [],
      server: [],
      cpu: [],
      bytes: 0,
    });
    const probes = [
      probe('baseline GET /v1/health (public)', '/health', false, false),
      probe('baseline GET /global/getUserInfo (auth)', '/global/getUserInfo', true, false),
    ];
    for (const v of variants) {
      const first = await server.call<DeviceListReply>('GET', `/device/list?${query(v.q)}`, { token });
      probes.push(probe(v.name, `/device/list?${query(v.q)}`, true, true, `total ${first.total}`));
    }
    for (let round = 0; round < WARMUP + REQUESTS; round++)
      for (const p of probes) await once(p, round >= WARMUP);

    const floor = summarize(probes[1]!.wall);
    console.log(
      `\n${'request'.padEnd(42)} ${'---- HTTP round trip, ms ----'.padStart(31)}  ${'p95/50ms'.padStart(8)}  ${'p50/auth'.padStart(8)}  ${'server p50/p95'.padStart(14)}  ${'cpu p50/p95'.padStart(12)}  matched`,
    );
    console.log(
      `${''.padEnd(42)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}`,
    );
    const results: { name: string; s: Summary }[] = [];
    for (const p of probes) {
      const s = summarize(p.wall);
      const sv = summarize(p.server);
      const cpu = summarize(p.cpu);
      if (p.isList) results.push({ name: p.name, s });
      console.log(
        `${p.name.padEnd(42)} ${ms(s.p50).padStart(7)} ${ms(s.p95).padStart(7)} ${ms(s.p99).padStart(7)} ${ms(s.max).padStart(7)}  ` +
          `${p.isList ? (s.p95 / TARGET_P95_MS).toFixed(3).padStart(8) : '-'.padStart(8)}  ` +
          `${p.isList ? (s.p50 / floor.p50).toFixed(1).padStart(8) : '-'.padStart(8)}  ` +
          `${`${ms(sv.p50)}/${ms(sv.p95)}`.padStart(14)}  ${`${ms(cpu.p50)}/${ms(cpu.p95)}`.padStart(12)}  ${p.matched}${p.matched ? ', ' : ''}${p.bytes} B`,
      );
    }
    const worst = results.reduce((a, b) => (b.s.p95 > a.s.p95 ? b : a));
    const target = results[0]!;
    console.log(
      `\nTarget (filter + search) p95 ${ms(target.s.p95)} ms / ${TARGET_P95_MS} ms = ${(target.s.p95 / TARGET_P95_MS).toFixed(3)} ${target.s.p95 <= TARGET_P95_MS ? '(passes)' : '(MISSES the target)'}`,
    );
    console.log(
      `Worst variant: ${worst.name}, p95 ${ms(worst.s.p95)} ms / ${TARGET_P95_MS} ms = ${(worst.s.p95 / TARGET_P95_MS).toFixed(3)} ${worst.s.p95 <= TARGET_P95_MS ? '(passes)' : '(MISSES)'}`,
    );
    console.log(
      `Load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${availableParallelism()} CPUs)`,
    );
    process.exitCode = worst.s.p95 <= TARGET_P95_MS ? 0 : 1;
  } finally {
    await server.close();
  }
}

await main();
