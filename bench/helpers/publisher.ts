/**
 * The device side of the benchmarks, run as its own process (so that the server's CPU time is
 * measured alone): N plain MQTT.js devices publishing QoS 1 `data` messages of K tags.
 *
 * Started with `fork` and driven over IPC: { devices, url, tags, mode: 'max' | 'rate', rate?,
 * inflight, durationMs }. It connects every device, sends { type: 'ready' }, waits for
 * { type: 'go' }, publishes for durationMs, and sends { type: 'done', acked, elapsedMs, sent }.
 * In 'max' mode each device keeps `inflight` unacknowledged messages; in 'rate' mode the devices
 * share `rate` messages a second. Sample times are the wall clock (ms, made strictly increasing
 * per device), so a receiver can measure latency.
 *
 * `window` (optional, 'max' mode): at most that many messages sent and not yet taken by the
 * consumer behind the broker, which the parent reports with { type: 'delivered', n } (counted
 * from 'go'). An external broker acknowledges at once, so without it the devices would not be
 * held back by the server as they are by the embedded broker (PUBACK after the commit).
 */
import { connect, type MqttClient } from 'mqtt';

interface Job {
  url: string;
  devices: { sn: string; secret: string; tagIds: { id: number; type: number }[] }[];
  mode: 'max' | 'rate';
  rate?: number;
  inflight: number;
  durationMs: number;
  window?: number;
}

const send = (m: object) => process.send?.(m);

process.once('message', (job: Job) => {
  void run(job).catch((err: unknown) => {
    send({ type: 'error', error: String(err) });
    process.exit(1);
  });
});

async function run(job: Job) {
  // Connected in waves (each connection verifies a hashed secret on the broker), before 'ready'.
  const connectOne = (d: Job['devices'][number]) =>
    new Promise<MqttClient>((resolve, reject) => {
      const c = connect(job.url, {
        clientId: d.sn,
        username: d.sn,
        password: d.secret,
        reconnectPeriod: 0,
        protocolVersion: 4,
        connectTimeout: 120_000,
      });
      c.once('connect', () => resolve(c));
      c.once('error', reject);
    });
  const clients: MqttClient[] = [];
  for (let i = 0; i < job.devices.length; i += 20)
    clients.push(...(await Promise.all(job.devices.slice(i, i + 20).map(connectOne))));
  const lastTs = job.devices.map(() => 0);
  const payload = (i: number) => {
    const now = Date.now();
    const ts = (lastTs[i] = Math.max(now, lastTs[i]! + 1));
    const v: Record<string, number> = {};
    for (const t of job.devices[i]!.tagIds)
      v[t.id] = t.type === 7 ? Math.round(Math.random() * 1e5) / 100 : ((ts / 7) % 60_000) | 0;
    return JSON.stringify({ ts, v });
  };
  send({ type: 'ready' });
  await new Promise<void>((r) => process.once('message', () => r()));
  const started = Date.now();
  const end = started + job.durationMs;
  let acked = 0;
  let sent = 0;
  let delivered = 0;
  let waiting: (() => void)[] = [];
  process.on('message', (m: { type?: string; n?: number }) => {
    if (m.type !== 'delivered') return;
    delivered = m.n ?? delivered;
    const wake = waiting;
    waiting = [];
    wake.forEach((w) => w());
  });
  /** Resolves once the window has room (the parent reports every few ms, so this wakes up). */
  const credit = async () => {
    while (job.window && sent - delivered >= job.window && Date.now() < end)
      await new Promise<void>((r) => waiting.push(r));
  };
  const topic = (i: number) => `hmi/v1/${job.devices[i]!.sn}/data`;
  if (job.mode === 'max') {
    await Promise.all(
      clients.map(async (c, i) => {
        const lane = async () => {
          while (Date.now() < end) {
            await credit();
            if (Date.now() >= end) break;
            sent++;
            await c.publishAsync(topic(i), payload(i), { qos: 1 });
            if (Date.now() <= end) acked++;
          }
        };
        await Promise.all(Array.from({ length: job.inflight }, lane));
      }),
    );
  } else {
    const interval = 1000 / (job.rate ?? 100);
    let k = 0;
    const pending: Promise<unknown>[] = [];
    while (Date.now() < end) {
      const due = started + k * interval;
      const wait = due - Date.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const i = k % clients.length;
      sent++;
      pending.push(clients[i]!.publishAsync(topic(i), payload(i), { qos: 1 }).then(() => acked++));
      k++;
    }
    await Promise.all(pending);
  }
  const elapsedMs = Math.min(Date.now(), end) - started;
  await Promise.all(clients.map((c) => c.endAsync(true)));
  send({ type: 'done', acked, sent, elapsedMs });
  process.exit(0);
}
