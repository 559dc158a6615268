/**
 * Sparkplug B ingest against our JSON protocol, in one run on one server (embedded broker,
 * SQLite): the same number of messages of the same 60 tags (REAL and UINT16 alternately, the
 * same values) reach the ingest pipeline as
 *  - JSON `data` messages of our protocol (`hmi/v1/{sn}/data`, `{"ts","v":{tag id: value}}`), and
 *  - Sparkplug B DDATA (protobuf, metrics by alias, Float and UInt16) of edge nodes born first
 *    (NBIRTH + DBIRTH), whose devices are bound through the API (templates generated from the
 *    births), through the host application (apps/server/src/modules/sparkplug/);
 * each from BENCH_CONNECTIONS MQTT connections (one device, or one edge node with one device,
 * each) keeping BENCH_INFLIGHT QoS 1 messages unacknowledged (the embedded broker acknowledges
 * after the commit). The devices run in a child process, so the CPU time of this process is the
 * server's. Prints, per round and as medians: messages/s, server CPU-µs per message, and the
 * ratios Sparkplug/JSON. Rounds alternate which protocol goes first; each run starts after a
 * pause (BENCH_PAUSE_MS, 1 s) and a full GC.
 *
 *   npm run bench:sparkplug-ingest   (BENCH_MESSAGES=20000 per protocol and round,
 *                                     BENCH_CONNECTIONS=50, BENCH_INFLIGHT=4, BENCH_TAGS=60,
 *                                     BENCH_ROUNDS=3; about a minute on 2 cores)
 */
import { randomBytes } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeFrame } from '../apps/server/src/modules/history-store/index.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  postJson,
  startBenchServer,
  type BenchServer,
} from './helpers/live-data-fixtures.ts';
import type { SpbJsonJob } from './helpers/spb-json-publisher.ts';
import { summarize } from './lib/stats.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 4);
const TAGS = Number(process.env.BENCH_TAGS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 1_000);
const PER_CONNECTION = Math.max(1, Math.round(MESSAGES / CONNECTIONS));

type Protocol = 'json' | 'spb';
interface Run {
  messages: number;
  perSec: number;
  cpuPerMsg: number;
  rebirths: number;
}

const median = (values: number[]): number => summarize(values).p50;
const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** The next message of `type` from the child (rejects on its error or exit). */
function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string; error?: string }) => {
      if (m.type === type) {
        cleanup();
        resolve(m as T);
      } else if (m.type === 'error') {
        cleanup();
        reject(new Error(m.error));
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the device process exited with ${code}`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Polls until `check` holds; throws after `timeoutMs`. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Points stored for the devices (history frames, moved or still staged). */
async function storedPoints(server: BenchServer, ids: number[]): Promise<number> {
  let points = 0;
  for (const table of ['history_frames', 'history_recent'] as const) {
    const frames = await server.app.db
      .selectFrom(table)
      .select('data')
      .where('device_id', 'in', ids)
      .execute();
    for (const f of frames) points += decodeFrame(f.data).ids.length;
  }
  return points;
}

async function main() {
  console.log(`machine: ${machine()}`);
  console.log(
    `${fmt(PER_CONNECTION * CONNECTIONS)} messages of ${TAGS} tags per protocol and round, ${CONNECTIONS} connections per protocol, ${INFLIGHT} QoS 1 messages in flight each, ${ROUNDS} rounds, devices in a child process\n`,
  );
  const server = await startBenchServer();
  let child: ChildProcess | undefined;
  try {
    const team = await benchTeam(server.app);
    // Room for a template generated from each Sparkplug device's birth.
    await server.app.db
      .updateTable('teams')
      .set({ template_max_num: CONNECTIONS + 10 })
      .where('id', '=', team.teamId)
      .execute();
    const t = await benchTemplate(server.app, team.teamId, TAGS);
    const jsonDevices = await benchDevices(server.app, team.teamId, t.templateId, CONNECTIONS);
    const nodes = Array.from({ length: CONNECTIONS }, (_, i) => ({
      sn: `SPB-${randomBytes(5).toString('hex').toUpperCase()}`,
      secret: `pin-${randomBytes(4).toString('hex')}`,
      groupId: 'Bench',
      edgeNodeId: `E${i}`,
      deviceId: 'D',
    }));
    for (const n of nodes)
      await server.app.services.deviceRegistry.add({ sn: n.sn, secret: n.secret, kind: 'gateway' });

    const job: SpbJsonJob = {
      url: server.mqttUrl,
      json: jsonDevices.map((d) => ({ sn: d.sn, secret: d.secret, tagIds: t.tags })),
      spb: nodes,
      metrics: TAGS,
      inflight: INFLIGHT,
    };
    child = fork(fileURLToPath(new URL('./helpers/spb-json-publisher.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = nextMessage(child, 'ready');
    child.send(job);
    await ready;

    // The edge nodes' devices, registered on their births, bound as a user would: the host
    // generates their templates from the births and maps the metrics to those tags.
    const childSns = nodes.map((n) => `${n.sn}-${n.deviceId}`);
    const rows = () =>
      server.app.db
        .selectFrom('devices')
        .select(['id', 'sn', 'template_id', 'sync_state'])
        .where('sn', 'in', childSns)
        .execute();
    await until(async () => (await rows()).length === childSns.length, 'the Sparkplug births');
    for (const [i, sn] of childSns.entries())
      await postJson(server.url, team.token, '/device/bind', { sn, pin: nodes[i]!.secret, name: `Spb_${i}` });
    await until(
      async () => (await rows()).every((r) => r.template_id !== null && r.sync_state === 1),
      'the generated templates',
    );
    const spbIds = (await rows()).map((r) => r.id);

    const measure = async (protocol: Protocol, perConnection: number): Promise<Run> => {
      // The previous run's trailing work (staged frames moved, rollups, garbage) out of the way
      // first: without the pause the second protocol of a round paid for the first.
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      (globalThis as { gc?: () => void }).gc?.();
      const done = nextMessage<{ acked: number; elapsedMs: number; rebirths: number }>(child!, 'done');
      const cpu0 = process.cpuUsage();
      child!.send({ type: 'run', protocol, perConnection });
      const result = await done;
      const cpu = process.cpuUsage(cpu0);
      return {
        messages: result.acked,
        perSec: (result.acked / result.elapsedMs) * 1000,
        cpuPerMsg: (cpu.user + cpu.system) / result.acked,
        rebirths: result.rebirths,
      };
    };
    // Warm-up (caches, JIT, the host's sessions), not measured.
    const warm = Math.max(1, Math.round(PER_CONNECTION / 4));
    await measure('json', warm);
    await measure('spb', warm);

    const rounds: Record<Protocol, Run>[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const order: Protocol[] = r % 2 === 1 ? ['json', 'spb'] : ['spb', 'json'];
      const round = {} as Record<Protocol, Run>;
      for (const p of order) round[p] = await measure(p, PER_CONNECTION);
      rounds.push(round);
      const { json, spb } = round;
      console.log(
        `round ${r} (${order.join(' then ')}): JSON ${fmt(json.perSec)} msg/s, ${fmt(json.cpuPerMsg, 1)} CPU-µs/msg; ` +
          `Sparkplug ${fmt(spb.perSec)} msg/s, ${fmt(spb.cpuPerMsg, 1)} CPU-µs/msg -> rate ${(spb.perSec / json.perSec).toFixed(2)}, CPU ${(spb.cpuPerMsg / json.cpuPerMsg).toFixed(2)}` +
          (spb.rebirths > 0 ? ` (${spb.rebirths} rebirth requests!)` : ''),
      );
    }
    const med = (p: Protocol, k: 'perSec' | 'cpuPerMsg') => median(rounds.map((r) => r[p][k]));
    console.log(
      `\nmedians of ${ROUNDS} rounds: JSON ${fmt(med('json', 'perSec'))} msg/s, ${fmt(med('json', 'cpuPerMsg'), 1)} CPU-µs/msg ` +
        `(${fmt(med('json', 'cpuPerMsg') / TAGS, 2)} per point); Sparkplug ${fmt(med('spb', 'perSec'))} msg/s, ${fmt(med('spb', 'cpuPerMsg'), 1)} CPU-µs/msg ` +
        `(${fmt(med('spb', 'cpuPerMsg') / TAGS, 2)} per point)`,
    );
    console.log(
      `Sparkplug / JSON: rate ${median(rounds.map((r) => r.spb.perSec / r.json.perSec)).toFixed(2)}, ` +
        `server CPU per message ${median(rounds.map((r) => r.spb.cpuPerMsg / r.json.cpuPerMsg)).toFixed(2)} (medians of the rounds' ratios)`,
    );

    // Every acknowledged message's values stored, on both sides.
    const sent = (warm + PER_CONNECTION * ROUNDS) * CONNECTIONS * TAGS;
    const jsonStored = await storedPoints(
      server,
      jsonDevices.map((d) => d.id),
    );
    const spbStored = await storedPoints(server, spbIds);
    console.log(
      `points stored: JSON ${fmt(jsonStored)} of ${fmt(sent)}, Sparkplug ${fmt(spbStored)} of ${fmt(sent)}` +
        (rounds.some((r) => r.spb.rebirths > 0) ? '; the host asked for rebirths' : '; no rebirth requested'),
    );
  } finally {
    if (child?.connected) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.send({ type: 'stop' });
      await exited;
    }
    await server.close();
  }
}

await main();
process.exit(0);
