/**
 * Server memory per idle device connection on the embedded broker (issue 4: at most 22 KB per
 * connection with 1,000 simulated devices). The console runs in a child process
 * (bench/lib/connections-server.ts, with --expose-gc) so that the clients' memory is not
 * counted; this process runs the simulated devices (apps/simulator, no template, so no data).
 *
 *   1. register the devices in the child's registry (scrypt hashes, as the operator CLI does);
 *      connect and stop a warm-up batch of other devices, so that code compiled and modules
 *      loaded on the first connections are not counted as per-connection memory;
 *   2. full GC in the child, read its RSS and heapUsed: the baseline;
 *   3. connect every device (each authenticates: one scrypt verification), wait until the
 *      database shows all of them online, let them idle, full GC, read again;
 *   4. stop them cleanly, wait until all are offline, full GC, read a third time (leak check).
 *
 *   npx tsx bench/device-connections.ts [--devices 1000] [--concurrency 16] [--idle 5] [--warmup 20]
 */
import { fork, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { simulatedIdentity, startSimulatedDevice, type SimulatedDeviceHandle } from '@hmi/simulator';
import type { ChildMessage, ParentMessage } from './lib/connections-server.ts';
import { machineLine } from './lib/stats.ts';

const TARGET_KB = 22;

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    idle: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '20' },
  },
});
const DEVICES = Number(args.devices);
const CONCURRENCY = Number(args.concurrency);
const IDLE_S = Number(args.idle);
const WARMUP = Number(args.warmup);
/** The whole run, whatever happens. */
const OVERALL_TIMEOUT_MS = 15 * 60_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main() {
  console.log(machineLine());
  const limit = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  console.log(`ulimit -n: ${limit} (this process holds ${DEVICES} client sockets, the child as many)`);
  if (limit !== 'unlimited' && Number(limit) < DEVICES + 200) {
    console.error(`ulimit -n ${limit} is too low for ${DEVICES} connections: raise it (ulimit -n 4096)`);
    process.exit(2);
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'hmi-bench-conn-'));
  const mqttPort = await freePort();
  const child = fork(fileURLToPath(new URL('./lib/connections-server.ts', import.meta.url)), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const devices: SimulatedDeviceHandle[] = [];
  const guard = setTimeout(() => {
    console.error(`gave up after ${OVERALL_TIMEOUT_MS / 60_000} minutes`);
    child.kill('SIGKILL');
    process.exit(1);
  }, OVERALL_TIMEOUT_MS);
  guard.unref();

  const waiters: ((m: ChildMessage) => void)[] = [];
  child.on('message', (m: ChildMessage) => {
    if (m.type === 'error') {
      console.error(`server: ${m.message}`);
      child.kill('SIGKILL');
      process.exit(1);
    }
    waiters.shift()?.(m);
  });
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`server exited with ${code}`);
  });
  const ask = <T extends ChildMessage['type']>(
    message: ParentMessage | undefined,
    type: T,
    timeoutMs: number,
  ): Promise<Extract<ChildMessage, { type: T }>> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${type} from the server in ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.push((m) => {
        clearTimeout(timer);
        if (m.type === type) resolve(m as Extract<ChildMessage, { type: T }>);
        else reject(new Error(`expected ${type}, got ${m.type}`));
      });
      if (message) child.send(message);
    });
  const measure = () => ask({ type: 'measure' }, 'memory', 60_000);
  const waitOnline = async (expected: number, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = await measure();
      if (m.online === expected) return;
      if (Date.now() > until) throw new Error(`${m.online} devices online, expected ${expected}`);
      await sleep(1000);
    }
  };

  try {
    const { mqttUrl } = await ask(undefined, 'ready', 120_000);
    const identities = Array.from({ length: DEVICES }, (_, i) => {
      const kind = i % 4 === 3 ? ('gateway' as const) : ('hmi' as const);
      return { ...simulatedIdentity('bench-connections', i + 1, kind), kind };
    });
    const warmups = Array.from({ length: WARMUP }, (_, i) => {
      const kind = i % 4 === 3 ? ('gateway' as const) : ('hmi' as const);
      return { ...simulatedIdentity('bench-connections-warmup', i + 1, kind), kind };
    });
    const reg = await ask({ type: 'register', devices: [...warmups, ...identities] }, 'registered', 600_000);
    console.log(`registered ${reg.count} devices in ${(reg.ms / 1000).toFixed(1)} s (scrypt per device)`);

    const connectAll = async (list: typeof identities) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < list.length) {
            const id = list[next++]!;
            devices.push(
              await startSimulatedDevice({
                url: mqttUrl,
                sn: id.sn,
                secret: id.secret,
                kind: id.kind,
                keepalive: 60,
                rate: 0.01,
              }),
            );
          }
        }),
      );
    };
    if (WARMUP > 0) {
      await connectAll(warmups);
      await waitOnline(WARMUP, 120_000);
      await Promise.all(devices.splice(0).map((d) => d.stop()));
      await waitOnline(0, 120_000);
      console.log(`warm-up: ${WARMUP} other devices connected and stopped`);
    }
    const before = (await measure()).memory;

    const started = performance.now();
    await connectAll(identities);
    const connectS = (performance.now() - started) / 1000;
    await waitOnline(DEVICES, 120_000);
    console.log(
      `connected ${devices.length} devices in ${connectS.toFixed(1)} s; all online in the database`,
    );
    await sleep(IDLE_S * 1000);
    const after = (await measure()).memory;

    await Promise.all(devices.splice(0).map((d) => d.stop()));
    await waitOnline(0, 120_000);
    await sleep(1000);
    const released = (await measure()).memory;

    const per = (key: keyof NodeJS.MemoryUsage) => (after[key] - before[key]) / DEVICES;
    console.log(
      `\n${'server (child) after full GC'.padEnd(34)} ${'rss'.padStart(9)} ${'heapUsed'.padStart(9)} ${'external'.padStart(9)}`,
    );
    for (const [name, m] of [
      ['before connecting (registered)', before],
      [`${DEVICES} connected, idle ${IDLE_S} s`, after],
      ['after all disconnected', released],
    ] as const) {
      console.log(
        `${name.padEnd(34)} ${`${mb(m.rss)} MB`.padStart(9)} ${`${mb(m.heapUsed)} MB`.padStart(9)} ${`${mb(m.external)} MB`.padStart(9)}`,
      );
    }
    const rssKb = per('rss') / 1024;
    console.log(
      `\nper idle connection: RSS ${kb(per('rss'))} KB, heapUsed ${kb(per('heapUsed'))} KB, external ${kb(per('external'))} KB`,
    );
    console.log(
      `target ${TARGET_KB} KB per connection (RSS): ratio ${(rssKb / TARGET_KB).toFixed(3)} ${rssKb <= TARGET_KB ? '(passes)' : '(MISSES the target)'}`,
    );
    console.log(
      `after disconnecting: RSS ${kb((released.rss - before.rss) / DEVICES)} KB and heapUsed ${kb((released.heapUsed - before.heapUsed) / DEVICES)} KB per device above the baseline`,
    );
    process.exitCode = rssKb <= TARGET_KB ? 0 : 1;
  } finally {
    await Promise.allSettled(devices.map((d) => d.stop()));
    if (child.connected) {
      child.send({ type: 'stop' } satisfies ParentMessage);
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(15_000)]);
    }
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    clearTimeout(guard);
  }
}

await main();
