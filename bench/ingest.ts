/**
 * Ingest efficiency, measured side by side in one run (issue 5):
 *  - durable data points per second through the server (QoS 1 PUBACK after the commit, embedded
 *    broker, SQLite) / the raw throughput of the same embedded broker (EmbeddedDeviceLink, aedes)
 *    with a message handler that does nothing, for 3-tag and 60-tag messages (target >= 0.5);
 *  - the server's CPU-seconds per million data points (process.cpuUsage around the run; the
 *    devices publish from a child process; targets <= 25 for 3-tag, <= 8 for 60-tag);
 *  - the server's rate with 50 device data sockets open / with none (target >= 0.8).
 *
 * Each message size is measured in BENCH_ROUNDS rounds (3 by default), each round the raw broker
 * then the server right after it, so that both sides of a ratio share the machine's state of the
 * moment (a shared 2-core VM drifts by ±30% between minutes); the result is the median of the
 * rounds' ratios, and every round is printed.
 *
 * Both sides get the same fleet (BENCH_DEVICES, 200 by default: the embedded broker handles one
 * message per device until its PUBACK, so a realistic number of devices in parallel is what lets
 * group commit work), the same in-flight window per device, the same messages (same tag ids and
 * value types) and the same warm-up (BENCH_WARMUP_MS of publishing before each measured run).
 *
 *   npx tsx bench/ingest.ts            (about three minutes on 2 cores)
 */
import { WebSocket } from 'ws';
import { decodeFrame } from '../apps/server/src/modules/history-store/index.ts';
import { EmbeddedDeviceLink } from '../apps/server/src/plugins/mqtt/embedded-device-link.ts';
import { MemoryDeviceRegistry } from '../apps/server/src/plugins/mqtt/memory-device-registry.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';
import { runPublisher, type PublisherJob } from './helpers/run-publisher.ts';
import { summarize } from './lib/stats.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 4);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The median of the rounds (nearest rank: the middle one of an odd number). */
const median = (values: number[]): number => summarize(values).p50;

interface Run {
  pointsPerSec: number;
  cpuPerMillion: number;
  points: number;
}

async function measure(job: PublisherJob, tags: number): Promise<Run> {
  // Warm-up (connections, caches, JIT) with the same job, not measured.
  if (WARMUP_MS > 0) await runPublisher({ ...job, durationMs: WARMUP_MS });
  let cpu0 = process.cpuUsage();
  const result = await runPublisher(job, () => (cpu0 = process.cpuUsage()));
  const cpu = process.cpuUsage(cpu0);
  const points = result.acked * tags;
  return {
    pointsPerSec: points / (result.elapsedMs / 1000),
    cpuPerMillion: ((cpu.user + cpu.system) / 1e6 / points) * 1e6,
    points,
  };
}

/** Devices for the baseline broker, publishing the same tags (ids and types) as the server's. */
function fakeDevices(n: number, tagIds: PublisherJob['devices'][number]['tagIds'], prefix: string) {
  return Array.from({ length: n }, (_, i) => ({ sn: `${prefix}-${i}`, secret: 'bench-secret', tagIds }));
}

/** The raw broker: the same embedded link with a message handler that does nothing. */
async function rawBroker(tagIds: PublisherJob['devices'][number]['tagIds']) {
  // Registered beforehand, like the server's devices (trust on first use is rate limited per address).
  const devices = fakeDevices(DEVICES, tagIds, `RAW${tagIds.length}`);
  const registry = new MemoryDeviceRegistry();
  await Promise.all(devices.map((d) => registry.register(d.sn, d.secret)));
  const link = new EmbeddedDeviceLink({ registry, port: 0, host: '127.0.0.1', autoRegister: false });
  link.onMessage(() => undefined);
  await link.start();
  const job: PublisherJob = {
    url: `mqtt://127.0.0.1:${link.ports.mqtt}`,
    devices,
    mode: 'max',
    inflight: INFLIGHT,
    durationMs: DURATION_MS,
  };
  return { job, stop: () => link.stop() };
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  console.log(`machine: ${machine()}`);
  console.log(
    `${DEVICES} devices on both sides, ${INFLIGHT} QoS 1 messages in flight each, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s per run, devices in a child process\n`,
  );
  const server = await startBenchServer(
    process.env.INGEST_BATCH_MS ? { INGEST_BATCH_MS: process.env.INGEST_BATCH_MS } : {},
  );
  try {
    const team = await benchTeam(server.app);
    /** Points acknowledged by the server in the measured runs, by message size. */
    const ackedPoints: Record<number, number> = {};
    const jobs: Record<number, PublisherJob> = {};
    for (const tags of [3, 60]) {
      const t = await benchTemplate(server.app, team.teamId, tags);
      const devices = await benchDevices(server.app, team.teamId, t.templateId, DEVICES);
      jobs[tags] = {
        url: server.mqttUrl,
        devices: devices.map((d) => ({ ...d, tagIds: t.tags })),
        mode: 'max',
        inflight: INFLIGHT,
        durationMs: DURATION_MS,
      };
      const raw = await rawBroker(t.tags);
      const rounds: { base: Run; ours: Run }[] = [];
      try {
        for (let r = 1; r <= ROUNDS; r++) {
          const base = await measure(raw.job, tags);
          const ours = await measure(jobs[tags], tags);
          rounds.push({ base, ours });
          console.log(
            `${String(tags).padStart(2)}-tag round ${r}: raw broker ${fmt(base.pointsPerSec)} points/s, server (durable) ${fmt(ours.pointsPerSec)} points/s -> ${(ours.pointsPerSec / base.pointsPerSec).toFixed(2)}; server ${fmt(ours.cpuPerMillion, 1)} CPU-s per million points, raw broker ${fmt(base.cpuPerMillion, 1)}`,
          );
        }
      } finally {
        await raw.stop();
      }
      ackedPoints[tags] = rounds.reduce((a, r) => a + r.ours.points, 0);
      const ratios = rounds.map((r) => r.ours.pointsPerSec / r.base.pointsPerSec);
      console.log(
        `${String(tags).padStart(2)}-tag messages: ratio median ${median(ratios).toFixed(2)} of ${ROUNDS} rounds (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}; target >= 0.5); ` +
          `server ${fmt(median(rounds.map((r) => r.ours.pointsPerSec)))} points/s, raw broker ${fmt(median(rounds.map((r) => r.base.pointsPerSec)))} (medians)`,
      );
      console.log(
        `               server CPU ${fmt(median(rounds.map((r) => r.ours.cpuPerMillion)), 1)} CPU-s per million points, median (target <= ${tags === 3 ? 25 : 8}); raw broker ${fmt(median(rounds.map((r) => r.base.cpuPerMillion)), 1)}\n`,
      );
    }
    // Every value stored, decoded from the frames device by device.
    let stored = 0;
    for (const job of Object.values(jobs)) {
      for (const d of job.devices) {
        const id = (d as unknown as { id: number }).id;
        // Moved into history_frames, or still staged (SQLite: history_recent).
        for (const table of ['history_frames', 'history_recent'] as const) {
          const frames = await server.app.db
            .selectFrom(table)
            .select('data')
            .where('device_id', '=', id)
            .execute();
          for (const f of frames) stored += decodeFrame(f.data).ids.length;
        }
      }
    }
    const acked = ackedPoints[3]! + ackedPoints[60]!;
    console.log(`values stored ${fmt(stored)} >= points acknowledged ${fmt(acked)}: ${stored >= acked}`);

    // 50 sockets, each showing every device of the 3-tag run (pages of 20 tags), measured
    // between two runs without sockets.
    const none1 = await measure(jobs[3]!, 3);
    const ids = jobs[3]!.devices.map((d) => (d as unknown as { id: number }).id);
    const sockets = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/ws/device?token=${team.token}`);
        let frames = 0;
        ws.on('message', () => frames++);
        await new Promise((r) => ws.once('message', r));
        ws.send(JSON.stringify({ type: 'subscribe', device_ids: ids, page_size: 20 }));
        const ping = setInterval(() => ws.send('{"type":"ping"}'), 10_000);
        return { ws, ping, frames: () => frames };
      }),
    );
    const withSockets = await measure(jobs[3]!, 3);
    const frames = sockets.reduce((a, s) => a + s.frames(), 0);
    sockets.forEach((s) => {
      clearInterval(s.ping);
      s.ws.terminate();
    });
    const none2 = await measure(jobs[3]!, 3);
    const none = (none1.pointsPerSec + none2.pointsPerSec) / 2;
    console.log(
      `50 sockets open: ${fmt(withSockets.pointsPerSec)} points/s vs none ${fmt(none)} (${fmt(none1.pointsPerSec)} before, ${fmt(none2.pointsPerSec)} after) -> ratio ${(withSockets.pointsPerSec / none).toFixed(2)} (target >= 0.8); ${fmt(frames)} frames to the sockets; server CPU ${fmt(withSockets.cpuPerMillion, 1)} vs ${fmt(none2.cpuPerMillion, 1)} CPU-s per million points`,
    );
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
