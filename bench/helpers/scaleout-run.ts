/**
 * One measured run of the scale-out ingest benchmark (bench/ingest-scaleout.ts): the devices
 * publish QoS 1 to an external Mosquitto for a while, and a consumer (a server, or an MQTT.js
 * client that does nothing) takes the messages from the broker's shared subscription.
 *
 * Mosquitto acknowledges a device's message as soon as it has queued it, whatever the consumer
 * does: the devices are not held back by the server as they are on the embedded broker (PUBACK
 * after the commit), and a slower consumer leaves a backlog in the broker (unbounded:
 * max_queued_messages 0). So, with `job.window`, the devices keep at most that many messages
 * between them and the consumer (end to end, as the embedded broker's PUBACK does); without it
 * they publish as fast as the broker takes them. A run counts what the consumer took (a server:
 * frames committed, from its bus) while the devices published ("publishing" rate), then waits
 * until it took every message they sent ("draining" rate: the consumer alone with the broker's
 * backlog), and charges the CPU of the whole run (server, broker, PostgreSQL backends) to all
 * the points.
 */
import { performance } from 'node:perf_hooks';
import { connect, type MqttClient } from 'mqtt';
import type { FastifyInstance } from 'fastify';
import { CpuMeter, machineTicks, pidsNamed, postgresBackendsOf } from '../lib/proc-cpu.ts';
import { runPublisher, type PublisherJob } from './run-publisher.ts';

export interface Consumer {
  /** Messages taken so far: received (raw client) or committed (server frames). */
  delivered(): number;
  /** Processes whose CPU is the consumer's (this one for a server built here, children). */
  pids: readonly number[];
}

export interface RunSettings {
  warmupMs: number;
  drainTimeoutMs: number;
  /** The broker's process, for its CPU. */
  brokerPid: number;
  /** PostgreSQL of the servers (their backends' CPU); undefined for the raw client. */
  databaseUrl?: string | undefined;
}

export interface Run {
  /** Points per second taken while the devices published. */
  windowRate: number;
  /** Points per second taken after the devices stopped, until the backlog was gone (NaN without backlog). */
  drainRate: number;
  /** Every point the devices sent over the time from the first publish to the last one taken. */
  endToEndRate: number;
  /** Messages the broker still held for the consumer when the devices stopped. */
  backlog: number;
  points: number;
  drained: boolean;
  /** Share of the machine's CPU time busy while the devices published (all processes, 0..1). */
  machineBusy: number;
  /** CPU-seconds per million points, over the whole run (window and drain). */
  cpu: { consumer: number; broker: number; postgres: number; postgresAll: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the consumer has taken `target` messages; the time it had (performance.now()), or undefined. */
async function drain(c: Consumer, target: number, timeoutMs: number): Promise<number | undefined> {
  const end = performance.now() + timeoutMs;
  while (c.delivered() < target) {
    if (performance.now() > end) return undefined;
    await sleep(5);
  }
  return performance.now();
}

export async function measureRun(job: PublisherJob, tags: number, c: Consumer, s: RunSettings): Promise<Run> {
  if (s.warmupMs > 0) {
    const base = c.delivered();
    const w = await runPublisher({ ...job, durationMs: s.warmupMs }, undefined, c.delivered);
    await drain(c, base + w.sent, s.drainTimeoutMs);
  }
  const meters = {
    consumer: new CpuMeter(),
    broker: new CpuMeter(),
    pg: new CpuMeter(),
    pgAll: new CpuMeter(),
  };
  const backends = async () => (s.databaseUrl ? postgresBackendsOf(s.databaseUrl, c.pids) : []);
  const pgAtStart = await backends();
  let d0 = 0;
  let t0 = 0;
  let m0 = machineTicks();
  const result = await runPublisher(
    job,
    () => {
      meters.consumer.start(c.pids);
      meters.broker.start([s.brokerPid]);
      meters.pg.start(pgAtStart);
      meters.pgAll.start(pidsNamed('postgres'));
      d0 = c.delivered();
      t0 = performance.now();
      m0 = machineTicks();
    },
    c.delivered,
  );
  const t1 = performance.now();
  const d1 = c.delivered();
  const m1 = machineTicks();
  const pgMidway = await backends();
  const t2 = await drain(c, d0 + result.sent, s.drainTimeoutMs);
  const d2 = c.delivered();
  meters.consumer.sample(c.pids);
  meters.broker.sample([s.brokerPid]);
  meters.pg.sample([...pgMidway, ...(await backends())]);
  meters.pgAll.sample(pidsNamed('postgres'));
  const points = (d2 - d0) * tags;
  const perMillion = (m: CpuMeter) => (m.seconds() / Math.max(1, points)) * 1e6;
  return {
    windowRate: ((d1 - d0) * tags) / ((t1 - t0) / 1000),
    drainRate:
      t2 !== undefined && d2 - d1 > result.sent / 50 ? ((d2 - d1) * tags) / ((t2 - t1) / 1000) : Number.NaN,
    endToEndRate: points / (((t2 ?? performance.now()) - t0) / 1000),
    backlog: d0 + result.sent - d1,
    points,
    drained: t2 !== undefined,
    machineBusy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
    cpu: {
      consumer: perMillion(meters.consumer),
      broker: perMillion(meters.broker),
      postgres: perMillion(meters.pg),
      postgresAll: perMillion(meters.pgAll),
    },
  };
}

/** A server built in this process as a consumer: the frames it commits (its own and, with a bus, the other servers'). */
export function serverConsumer(app: FastifyInstance, extraPids: readonly number[] = []): Consumer {
  let frames = 0;
  app.bus.subscribe('device.data', (e) => (frames += e.frames.length), 'every');
  return { delivered: () => frames, pids: [process.pid, ...extraPids] };
}

/**
 * The baseline: an MQTT.js client on the servers' shared subscription (QoS 1, persistent session
 * like the server's) whose message handler does nothing but count; MQTT.js acknowledges at once.
 */
export async function rawSubscriber(
  url: string,
  filter: string,
): Promise<Consumer & { close(): Promise<void> }> {
  let received = 0;
  const client: MqttClient = connect(url, {
    clientId: `bench-raw-${process.pid}`,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  client.handleMessage = (_packet, callback) => {
    received++;
    callback();
  };
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(filter, { qos: 1 });
  return {
    delivered: () => received,
    pids: [process.pid],
    close: () => client.endAsync(true),
  };
}

/**
 * Ends a stopped server's persistent session on the broker: Mosquitto goes on handing its share of
 * a shared subscription to an offline session, so a run with one server fewer needs it gone.
 */
export async function endSession(url: string, clientId: string): Promise<void> {
  const client = connect(url, { clientId, clean: true, protocolVersion: 4, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.endAsync();
}
