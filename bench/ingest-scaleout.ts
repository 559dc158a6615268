/**
 * Ingest on the scale-out column (issue 27), measured side by side in one run as bench/ingest.ts
 * measures the embedded one: PostgreSQL, an external Mosquitto started here, the bus on Redis.
 *  1. durable points per second through the server / the raw throughput of the same Mosquitto
 *     with an MQTT.js subscriber on the same shared subscription that does nothing, for 3-tag
 *     and 60-tag messages (target >= 0.5);
 *  2. the server's CPU per point with the bus on (BUS_URL) / the same without (target <= 1.2),
 *     both servers fed the same fixed rate (BENCH_CPU_RATE_SHARE, 0.6 of the slower server's
 *     pace in measurement 1): at their own pace the slower one is charged this process's fixed
 *     costs (the bench's window control, the idle other server) over fewer points;
 *  3. ingest with 2 servers / 1 on the same broker (same shared subscription group, same bus and
 *     schema; the second server a process of its own), with the machine's core count.
 *
 * How a run is counted (helpers/scaleout-run.ts): Mosquitto acknowledges a device at once, so
 * the devices keep an end-to-end window instead (BENCH_WINDOW messages not yet taken by the
 * consumer, 800 by default) to go at the consumer's pace as they do on the embedded broker; each
 * run counts what the consumer took while the devices published (a server: the points of the
 * frames it committed), then waits until it took everything, and charges all CPU (this process,
 * a second server's, Mosquitto's, the servers' PostgreSQL backends') to all points.
 * Every consumer has a broker of its own (same Mosquitto, same configuration), because Mosquitto
 * goes on handing a share of a shared subscription to a consumer that is offline.
 *
 * Each message size is measured in BENCH_ROUNDS rounds (3 by default), each round the raw
 * subscriber, then the server without bus and the server with bus (in this order in odd rounds,
 * the other way round in even ones, each after a pause of BENCH_SETTLE_MS); the result is the
 * median of the rounds. Servers: built in this process (its CPU is theirs while they run).
 *
 *   npm run bench:ingest-scaleout   (DATABASE_URL, BUS_URL to override the local services; the
 *   script runs tsx with --expose-gc, see `serverPair`)
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { startMosquitto } from '../apps/server/test/mosquitto.ts';
import { benchDevices, benchTeam, benchTemplate, loadAverage } from './helpers/live-data-fixtures.ts';
import type { PublisherJob } from './helpers/run-publisher.ts';
import {
  endSession,
  measureRun,
  rawSubscriber,
  serverConsumer,
  type Run,
  type RunSettings,
} from './helpers/scaleout-run.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { startServerProcess } from './lib/server-process.ts';
import { machineLine } from './lib/stats.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUS_URL = process.env.BUS_URL ?? 'redis://127.0.0.1:6379';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 4);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Messages between the devices and the consumer at most (0: the devices publish as fast as the broker acknowledges). */
const WINDOW = Number(process.env.BENCH_WINDOW ?? DEVICES * INFLIGHT);
/** Mosquitto's window of unacknowledged messages towards each consumer (the server holds PUBACKs until commit). */
const BROKER_INFLIGHT = Number(process.env.BENCH_BROKER_INFLIGHT ?? 100);
const tagList = (v: string) => v.split(',').filter(Boolean).map(Number);
/** Message sizes of measurements 1 and 2 (empty: skip them). */
const TAGS = tagList(process.env.BENCH_TAGS ?? '3,60');
/** Message sizes of measurement 3 (2 servers against 1; empty: skip it). */
const SCALE_TAGS = tagList(process.env.BENCH_SCALE_TAGS ?? '3');
/** Warm-up of the runs with the second server, which has just started (JIT, caches). */
const SECOND_WARMUP_MS = Number(process.env.BENCH_SECOND_WARMUP_MS ?? 3_000);
/** Pause before each server run of measurements 1 and 2: longer than the history flush interval (INGEST_FLUSH_MS, 2 s). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3_000);
/** Measurement 2's fixed rate, as a share of the slower server's pace in measurement 1. */
const CPU_RATE_SHARE = Number(process.env.BENCH_CPU_RATE_SHARE ?? 0.6);
const SHARE_GROUP = 'hmi-bench';
const FILTER = `$share/${SHARE_GROUP}/hmi/v1/+/data`;
const BROKER_CONFIG = ['max_queued_messages 0', `max_inflight_messages ${BROKER_INFLIGHT}`];

/** The median (of an even count, the mean of the middle two). */
const median = (values: number[]): number => {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const mid = v.length >> 1;
  return v.length % 2 === 1 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};
const fmt = (n: number, d = 0) =>
  Number.isNaN(n) ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const describe = (r: Run) =>
  `${fmt(r.windowRate)} points/s publishing (machine ${fmt(r.machineBusy * 100)}% busy), ${fmt(r.drainRate)} draining (backlog ${fmt(r.backlog)} msgs${r.drained ? '' : ', NOT drained'}), ${fmt(r.endToEndRate)} end to end; CPU-s/M points: consumer ${fmt(r.cpu.consumer, 1)}, broker ${fmt(r.cpu.broker, 1)}, PG backends ${fmt(r.cpu.postgres, 1)} (all PG ${fmt(r.cpu.postgresAll, 1)})`;

interface Fleet {
  server: BenchServer;
  env: Record<string, string>;
  broker: Awaited<ReturnType<typeof startMosquitto>>;
  jobs: Record<number, PublisherJob>;
  frames(): number;
}

/** A server in this process on a broker of its own and a fresh schema, with a fleet per message size. */
async function startFleet(name: string, bus: boolean): Promise<Fleet> {
  const broker = await startMosquitto({ config: BROKER_CONFIG });
  const env: Record<string, string> = {
    MQTT_URL: broker.url,
    MQTT_SHARE_GROUP: SHARE_GROUP,
    BILLING_ENABLED: 'false',
    // The second server of measurement 3 joins this one: a cluster shares its secrets.
    JWT_SECRET: randomBytes(24).toString('hex'),
    CARD_PEPPER: randomBytes(24).toString('hex'),
    ...(bus ? { BUS_URL, BUS_PREFIX: `bench-${randomBytes(5).toString('hex')}` } : {}),
  };
  const server = await startBenchServer({
    postgresUrl: DATABASE_URL,
    env: { ...env, MQTT_CLIENT_ID: `bench-${name}-${randomBytes(3).toString('hex')}` },
  });
  const team = await benchTeam(server.app);
  const jobs: Record<number, PublisherJob> = {};
  for (const tags of [3, 60]) {
    const t = await benchTemplate(server.app, team.teamId, tags);
    const devices = await benchDevices(server.app, team.teamId, t.templateId, DEVICES);
    jobs[tags] = {
      url: broker.url,
      devices: devices.map((d) => ({ sn: d.sn, secret: d.secret, tagIds: t.tags })),
      mode: 'max',
      inflight: INFLIGHT,
      durationMs: DURATION_MS,
      ...(WINDOW > 0 ? { window: WINDOW } : {}),
    };
  }
  const consumer = serverConsumer(server.app);
  return {
    server,
    env: { ...env, DATABASE_URL, DATABASE_SCHEMA: server.config.databaseSchema! },
    broker,
    jobs,
    frames: consumer.delivered,
  };
}

const settings = (brokerPid: number, withDb: boolean, warmupMs = WARMUP_MS): RunSettings => ({
  warmupMs,
  drainTimeoutMs: 120_000,
  brokerPid,
  databaseUrl: withDb ? DATABASE_URL : undefined,
});

async function storedFrames(app: FastifyInstance): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from history_frames`.execute(app.db);
  return Number(r.rows[0]!.n);
}

const orderOf = (round: number) => (round % 2 === 1 ? 'no bus, then bus on' : 'bus on, then no bus');

/**
 * Runs the server without bus and the server with bus on the same job, in the order of the
 * round. Both servers live in this process: the work one leaves behind (its next rollup flush,
 * its garbage) must not be charged to the other. Each run starts after a pause longer than the
 * flush interval and a full garbage collection (--expose-gc; V8's concurrent marking threads
 * count in the process's CPU), and the order alternates between rounds.
 */
async function serverPair(
  plain: Fleet,
  bussed: Fleet,
  tags: number,
  round: number,
  job: Partial<PublisherJob>,
): Promise<{ plain: Run; bus: Run }> {
  const run = async (fleet: Fleet) => {
    await sleep(SETTLE_MS);
    (globalThis as { gc?: () => void }).gc?.();
    return measureRun(
      { ...fleet.jobs[tags]!, ...job },
      tags,
      { delivered: fleet.frames, pids: [process.pid] },
      settings(fleet.broker.pid, true),
    );
  };
  if (round % 2 === 1) {
    const p = await run(plain);
    return { plain: p, bus: await run(bussed) };
  }
  const b = await run(bussed);
  return { plain: await run(plain), bus: b };
}

async function main() {
  console.log(machineLine());
  if (!(globalThis as { gc?: unknown }).gc)
    console.log(
      'note: without --expose-gc (npm run bench:ingest-scaleout passes it) runs do not start after a full GC',
    );
  console.log(`load average at start: ${loadAverage()}`);
  console.log(
    `PostgreSQL ${DATABASE_URL}, bus ${BUS_URL}; Mosquitto (${BROKER_CONFIG.join(', ')}); ${DEVICES} devices per run, ${INFLIGHT} QoS 1 messages in flight each (acknowledged by the broker), ${WINDOW > 0 ? `at most ${WINDOW} messages not yet taken by the consumer (end-to-end window)` : 'no end-to-end window'}, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s publishing per run, devices in a child process\n`,
  );
  const rawBroker = await startMosquitto({ config: BROKER_CONFIG });
  const raw = await rawSubscriber(rawBroker.url, FILTER);
  const plain = await startFleet('plain', false);
  const bussed = await startFleet('bus', true);
  /** Points per second of the slower server in measurement 1, per message size. */
  const paces = new Map<number, number>();
  try {
    for (const tags of TAGS) {
      const rounds: { raw: Run; plain: Run; bus: Run }[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        // The baseline publishes the plain server's devices (same SNs, tag ids and types) to its own broker.
        const rawRun = await measureRun(
          { ...plain.jobs[tags]!, url: rawBroker.url },
          tags,
          raw,
          settings(rawBroker.pid, false),
        );
        const { plain: plainRun, bus: busRun } = await serverPair(plain, bussed, tags, r, {});
        rounds.push({ raw: rawRun, plain: plainRun, bus: busRun });
        console.log(`${String(tags).padStart(2)}-tag round ${r} (load ${loadAverage()}):`);
        console.log(`   raw subscriber   ${describe(rawRun)}`);
        console.log(`   server, no bus   ${describe(plainRun)}`);
        console.log(`   server, bus on   ${describe(busRun)}`);
        console.log(`   (server runs in this order: ${orderOf(r)})`);
        console.log(
          `   -> server/raw ${(plainRun.windowRate / rawRun.windowRate).toFixed(2)} publishing, ${(plainRun.endToEndRate / rawRun.endToEndRate).toFixed(2)} end to end; bus on/off CPU per point ${(busRun.cpu.consumer / plainRun.cpu.consumer).toFixed(2)}`,
        );
      }
      const ratio = (f: (x: { raw: Run; plain: Run; bus: Run }) => number) => rounds.map(f);
      const win = ratio((x) => x.plain.windowRate / x.raw.windowRate);
      const e2e = ratio((x) => x.plain.endToEndRate / x.raw.endToEndRate);
      const winBus = ratio((x) => x.bus.windowRate / x.raw.windowRate);
      const cpu = ratio((x) => x.bus.cpu.consumer / x.plain.cpu.consumer);
      paces.set(
        tags,
        Math.min(median(ratio((x) => x.plain.windowRate)), median(ratio((x) => x.bus.windowRate))),
      );
      const m = (f: (x: { raw: Run; plain: Run; bus: Run }) => number, d = 0) => fmt(median(ratio(f)), d);
      console.log(
        `${String(tags).padStart(2)}-tag messages, medians of ${ROUNDS} rounds:\n` +
          `   server/raw ${median(win).toFixed(2)} while publishing (rounds ${win.map((v) => v.toFixed(2)).join(', ')}; target >= 0.5), ${median(e2e).toFixed(2)} end to end; with the bus ${median(winBus).toFixed(2)}\n` +
          `   server ${m((x) => x.plain.windowRate)} points/s publishing, ${m((x) => x.plain.drainRate)} draining; raw ${m((x) => x.raw.windowRate)} points/s publishing, ${m((x) => x.raw.endToEndRate)} end to end\n` +
          `   bus on/off CPU per point at each server's own pace ${median(cpu).toFixed(2)} (rounds ${cpu.map((v) => v.toFixed(2)).join(', ')}; see measurement 2 below for the target)\n` +
          `   CPU-s per million points: server ${m((x) => x.plain.cpu.consumer, 1)} (bus on ${m((x) => x.bus.cpu.consumer, 1)}), PG backends ${m((x) => x.plain.cpu.postgres, 1)} (bus on ${m((x) => x.bus.cpu.postgres, 1)}; all PG processes ${m((x) => x.plain.cpu.postgresAll, 1)}), ` +
          `Mosquitto ${m((x) => x.plain.cpu.broker, 1)} under the server, ${m((x) => x.raw.cpu.broker, 1)} under the raw subscriber; raw subscriber ${m((x) => x.raw.cpu.consumer, 1)}\n`,
      );
    }

    // 2. Server CPU per point with the bus on / off, at one fixed rate both servers keep up with.
    for (const tags of TAGS) {
      const rate = Math.round((CPU_RATE_SHARE * (paces.get(tags) ?? 1000)) / tags);
      const ratios: number[] = [];
      const runs: { plain: Run; bus: Run }[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const pair = await serverPair(plain, bussed, tags, r, { mode: 'rate', rate });
        runs.push(pair);
        ratios.push(pair.bus.cpu.consumer / pair.plain.cpu.consumer);
        console.log(
          `${String(tags).padStart(2)}-tag at ${fmt(rate)} messages/s, round ${r} (load ${loadAverage()}):`,
        );
        console.log(`   server, no bus   ${describe(pair.plain)}`);
        console.log(`   server, bus on   ${describe(pair.bus)}`);
        console.log(
          `   (in this order: ${orderOf(r)}) -> bus on/off CPU per point ${ratios[r - 1]!.toFixed(2)}`,
        );
      }
      console.log(
        `${String(tags).padStart(2)}-tag messages at ${fmt(rate)} messages/s (${CPU_RATE_SHARE} of the slower server's pace): bus on/off CPU per point ${median(ratios).toFixed(2)} median of ${ROUNDS} (rounds ${ratios.map((v) => v.toFixed(2)).join(', ')}; target <= 1.2); ` +
          `server CPU-s per million points ${fmt(median(runs.map((x) => x.plain.cpu.consumer)), 2)} -> ${fmt(median(runs.map((x) => x.bus.cpu.consumer)), 2)}\n`,
      );
    }

    // 3. A second server (a process of its own) on the bus server's broker, schema and bus.
    const cores = availableParallelism();
    for (const tags of SCALE_TAGS) {
      const ratios: number[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const one = await measureRun(
          bussed.jobs[tags]!,
          tags,
          { delivered: bussed.frames, pids: [process.pid] },
          settings(bussed.broker.pid, true, Math.max(WARMUP_MS, SECOND_WARMUP_MS)),
        );
        const clientId = `bench-second-${randomBytes(3).toString('hex')}`;
        const second = await startServerProcess({ ...bussed.env, MQTT_CLIENT_ID: clientId }, (l) =>
          console.log(`   [second server] ${l}`),
        );
        let two: Run;
        try {
          // bussed.frames counts the second server's commits too: they reach this one through the bus.
          two = await measureRun(
            bussed.jobs[tags]!,
            tags,
            { delivered: bussed.frames, pids: [process.pid, second.pid] },
            settings(bussed.broker.pid, true, Math.max(WARMUP_MS, SECOND_WARMUP_MS)),
          );
        } finally {
          await second.stop();
          await endSession(bussed.broker.url, clientId);
        }
        ratios.push(two.windowRate / one.windowRate);
        console.log(`${String(tags).padStart(2)}-tag, 2 servers vs 1, round ${r} (load ${loadAverage()}):`);
        console.log(`   1 server    ${describe(one)}`);
        console.log(`   2 servers   ${describe(two)}`);
        console.log(
          `   -> ${(two.windowRate / one.windowRate).toFixed(2)} publishing, ${(two.endToEndRate / one.endToEndRate).toFixed(2)} end to end, ${(two.drainRate / one.drainRate).toFixed(2)} draining`,
        );
      }
      console.log(
        `${String(tags).padStart(2)}-tag: 2 servers / 1 = ${median(ratios).toFixed(2)} median of ${ROUNDS} (rounds ${ratios.map((v) => v.toFixed(2)).join(', ')}) on ${cores} cores shared by the devices, Mosquitto, PostgreSQL and the servers\n`,
      );
    }

    // Every frame counted was stored (the counts come from the servers' bus events).
    for (const [name, f] of [
      ['no bus', plain],
      ['bus', bussed],
    ] as const) {
      const stored = await storedFrames(f.server.app);
      console.log(
        `${name}: frames stored ${fmt(stored)} >= frames counted by this server ${fmt(f.frames())}: ${stored >= f.frames()}`,
      );
    }
    console.log(`load average at end: ${loadAverage()}`);
  } finally {
    await raw.close();
    for (const f of [plain, bussed]) {
      await f.server.close();
      await f.broker.stop();
    }
    await rawBroker.stop();
  }
}

await main();
process.exit(0);
