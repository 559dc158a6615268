/**
 * Bench-only entry of bench/device-connections.ts: the real console (buildApp) in a child
 * process, driven over the IPC channel, so that the parent's MQTT clients do not pollute the
 * server's memory figures. Not a production entry point: it exists only for that benchmark.
 *
 *   node --expose-gc --import tsx bench/lib/connections-server.ts   (with an IPC channel)
 *
 * Environment: DATA_DIR (a temporary directory), MQTT_PORT (a free port).
 * Messages in:  { type: 'register', devices: [{ sn, secret, kind }] } | { type: 'measure' } | { type: 'stop' }
 * Messages out: { type: 'ready', mqttUrl } | { type: 'registered', count, ms } |
 *               { type: 'memory', memory: NodeJS.MemoryUsage, online: number } | { type: 'error', message }
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

export type ParentMessage =
  | { type: 'register'; devices: { sn: string; secret: string; kind: 'hmi' | 'gateway' }[] }
  | { type: 'measure' }
  | { type: 'stop' };

export type ChildMessage =
  | { type: 'ready'; mqttUrl: string }
  | { type: 'registered'; count: number; ms: number }
  | { type: 'memory'; memory: NodeJS.MemoryUsage; online: number }
  | { type: 'error'; message: string };

const send = (m: ChildMessage) => process.send?.(m);
const gc = (globalThis as { gc?: () => void }).gc;
if (!process.send || !gc) {
  console.error('run by bench/device-connections.ts (needs an IPC channel and --expose-gc)');
  process.exit(2);
}
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');

const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: join(dataDir, 'no-web-build'),
  HOST_BIND: '127.0.0.1',
  MQTT_PORT: process.env.MQTT_PORT ?? '0',
  DEVICE_AUTO_REGISTER: 'true',
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

/** Full collections until the heap stops shrinking (at most 6), with pauses for finalizers. */
async function settle() {
  let previous = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 6; i++) {
    gc!();
    await sleep(200);
    const used = process.memoryUsage().heapUsed;
    if (used >= previous * 0.999) break;
    previous = used;
  }
}

async function register(devices: { sn: string; secret: string; kind: 'hmi' | 'gateway' }[]) {
  const started = performance.now();
  let next = 0;
  // As many at once as libuv runs scrypt hashes in parallel (its thread pool of 4).
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < devices.length) {
        const d = devices[next++]!;
        await app.services.deviceRegistry.add({ sn: d.sn, secret: d.secret, kind: d.kind });
      }
    }),
  );
  return performance.now() - started;
}

process.on('message', (raw) => {
  const m = raw as ParentMessage;
  void (async () => {
    try {
      if (m.type === 'register') {
        const ms = await register(m.devices);
        send({ type: 'registered', count: m.devices.length, ms });
      } else if (m.type === 'measure') {
        await settle();
        const memory = process.memoryUsage();
        const row = await app.db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('online', '=', 1)
          .executeTakeFirstOrThrow();
        send({ type: 'memory', memory, online: Number(row.n) });
      } else if (m.type === 'stop') {
        await app.close();
        process.exit(0);
      }
    } catch (err) {
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
send({ type: 'ready', mqttUrl: app.deviceMqttUrl });
