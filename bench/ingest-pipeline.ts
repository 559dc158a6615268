/**
 * The server's own cost per device message, without the network (a diagnostic for issue 5's
 * ingest efficiency, whose real measure is bench/ingest.ts): the same data messages go through
 * the embedded link's publish authorisation (decode, then the message handlers) of
 *  - a link whose handler does nothing (the raw broker's share), and
 *  - the console's link (ingest: frames, the batch commit, rollups, live events),
 * with BENCH_DEVICES devices each keeping one message in flight (as aedes does), in this process.
 * Prints CPU-µs per message, young-generation GC time, and the ratio of the two.
 *
 *   npx tsx bench/ingest-pipeline.ts     (BENCH_TAGS=60, BENCH_DURATION_MS=5000, BENCH_ROUNDS=3)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { EmbeddedDeviceLink } from '../apps/server/src/plugins/mqtt/embedded-device-link.ts';
import { MemoryDeviceRegistry } from '../apps/server/src/plugins/mqtt/memory-device-registry.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const TAGS = Number(process.env.BENCH_TAGS ?? 60);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Authorize = (
  client: { id: string; closed: boolean },
  packet: { cmd: 'publish'; topic: string; payload: Buffer; qos: 1; retain: boolean; dup: boolean },
  done: (err?: Error | null) => void,
) => void;

/** Lets pending GC observations arrive. */
const settle = () => new Promise((r) => setTimeout(r, 50));
let gcMs = 0;
/** Sample times: strictly increasing over the whole process (a repeated one would be a duplicate). */
let nextTs = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if ((e as unknown as { detail: { kind: number } }).detail.kind !== 1) continue; // scavenges
    gcMs += e.duration;
    gcCount++;
  }
}).observe({ entryTypes: ['gc'] });

/** Drives `authorize` with DEVICES devices, one message in flight each, for `ms`. */
async function drive(
  authorize: Authorize,
  sns: string[],
  tagIds: { id: number; type: number }[],
  ms: number,
) {
  // Values made ahead (8 sets per device); a message is one of them with the device's next ts.
  const values = sns.map(() =>
    Array.from({ length: 8 }, () => {
      const v: Record<string, number> = {};
      for (const t of tagIds)
        v[t.id] = t.type === 7 ? Math.round(Math.random() * 1e5) / 100 : (Math.random() * 60_000) | 0;
      return JSON.stringify(v);
    }),
  );
  await settle();
  const end = Date.now() + ms;
  let messages = 0;
  gcMs = 0;
  gcCount = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    sns.map(async (sn, i) => {
      const client = { id: sn, closed: false };
      let k = 0;
      while (Date.now() < end) {
        const ts = (nextTs = Math.max(nextTs + 1, Date.now()));
        const buf = Buffer.from(`{"ts":${ts},"v":${values[i]![k++ % 8]!}}`);
        await new Promise<void>((resolve, reject) =>
          authorize(
            client,
            { cmd: 'publish', topic: `hmi/v1/${sn}/data`, payload: buf, qos: 1, retain: false, dup: false },
            (err) => (err ? reject(err) : resolve()),
          ),
        );
        messages++;
      }
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await settle(); // the GC entries of the run arrive after it
  return {
    perMsg: (cpu.user + cpu.system) / messages,
    rate: (messages / wall) * 1000,
    gcPerMsg: (gcMs * 1000) / messages,
    gcCount,
  };
}

const authorizeOf = (link: unknown): Authorize => {
  const l = link as { authorizePublish: Authorize };
  return l.authorizePublish.bind(l);
};

async function main() {
  console.log(`machine: ${machine()}`);
  console.log(
    `${DEVICES} devices, ${TAGS}-tag messages, one in flight each, ${ROUNDS} rounds of ${DURATION_MS / 1000} s per side\n`,
  );
  const server = await startBenchServer();
  const raw = new EmbeddedDeviceLink({
    registry: new MemoryDeviceRegistry(),
    port: null,
    autoRegister: true,
  });
  raw.onMessage(() => undefined);
  await raw.start();
  try {
    const team = await benchTeam(server.app);
    const t = await benchTemplate(server.app, team.teamId, TAGS);
    const devices = await benchDevices(server.app, team.teamId, t.templateId, DEVICES);
    const sns = devices.map((d) => d.sn);
    const ours = authorizeOf(server.app.services.deviceLink);
    const base = authorizeOf(raw);
    await drive(base, sns, t.tags, 1000);
    await drive(ours, sns, t.tags, 1000);
    const ratios: number[] = [];
    // BENCH_PROFILE=file.cpuprofile: a CPU profile of the server's runs (the last one kept).
    const profiler = process.env.BENCH_PROFILE ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 250 });
    }
    for (let r = 0; r < ROUNDS; r++) {
      const b = await drive(base, sns, t.tags, DURATION_MS);
      if (profiler) await profiler.post('Profiler.start');
      const o = await drive(ours, sns, t.tags, DURATION_MS);
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      }
      ratios.push(b.perMsg / o.perMsg);
      console.log(
        `round ${r + 1}: raw ${b.perMsg.toFixed(1)} CPU-µs/msg (GC ${b.gcPerMsg.toFixed(1)}, ${b.gcCount} scavenges), ` +
          `server ${o.perMsg.toFixed(1)} CPU-µs/msg (GC ${o.gcPerMsg.toFixed(1)}, ${o.gcCount} scavenges), ` +
          `${o.rate.toFixed(0)} msg/s, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB -> server extra ${(o.perMsg - b.perMsg).toFixed(1)} µs, CPU ratio ${(b.perMsg / o.perMsg).toFixed(2)}`,
      );
    }
    ratios.sort((a, b) => a - b);
    console.log(`median CPU ratio ${ratios[ratios.length >> 1]!.toFixed(2)}`);
  } finally {
    await raw.stop();
    await server.close();
  }
}

await main();
process.exit(0);
