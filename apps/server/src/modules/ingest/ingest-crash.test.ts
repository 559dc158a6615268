import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceTopic } from '@hmi/domain';
import { connect } from 'mqtt';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildDevice } from '../device/device-test-factories.ts';
import { storedCount, storedValues, teamWithTemplate } from './live-data-test-helpers.ts';

/*
 * A server killed (SIGKILL) between receiving a QoS 1 data message and committing it: the device
 * got no PUBACK, keeps the message, and redelivers it to the restarted server on the same data
 * directory (and database), which stores it exactly once. Embedded broker only: with MQTT_URL the
 * external broker acknowledges the device itself.
 */
const external = Boolean(process.env.MQTT_URL);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe.skipIf(external)('ingest across a crash', () => {
  it(
    'stores a message redelivered after a crash before its commit exactly once',
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'hmi-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
      if (schema)
        cleanups.push(async () => {
          const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
          await pool.query(`drop schema if exists "${schema}" cascade`);
          await pool.end();
        });
      const mqttPort = await freePort();
      const env = {
        DATA_DIR: dataDir,
        MQTT_PORT: String(mqttPort),
        ...(schema ? { DATABASE_SCHEMA: schema } : {}),
      };

      // 1. A team, a template and a bound device, prepared on a first server.
      // (the factories read the mail outbox of `dataDir`: the one of DATA_DIR here)
      let server: TestServer = { ...(await startTestServer(env)), dataDir };
      const team = await teamWithTemplate(server);
      const device = await buildDevice(server, team.token, { template_id: team.template.id });
      await server.close();

      // 2. The server as its own process, holding every batch for ten minutes.
      const httpPort = await freePort();
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env,
          PORT: String(httpPort),
          HOST_BIND: '127.0.0.1',
          LOG_LEVEL: 'warn',
          WEB_DIST: join(dataDir, 'no-web'),
          INGEST_BATCH_MS: '600000',
          INGEST_BATCH_ROWS: '1000000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      cleanups.push(async () => child.kill('SIGKILL'));
      const exited = new Promise((r) => child.once('exit', r));
      const deadline = Date.now() + 30_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${httpPort}/v1/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error('the server process did not start');
        await new Promise((r) => setTimeout(r, 200));
      }

      // 3. The device publishes at QoS 1 and gets no PUBACK (the batch is held).
      const client = connect(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: device.sn,
        username: device.sn,
        password: device.secret,
        clean: false,
        reconnectPeriod: 300,
        protocolVersion: 4,
      });
      cleanups.push(() => client.endAsync(true));
      client.on('error', () => undefined);
      await new Promise((r) => client.once('connect', r));
      const ts = Date.now() + 1_000;
      const payload = JSON.stringify({ ts, v: { [team.tags.speed]: 123, [team.tags.temp]: 4.5 } });
      let acked = false;
      const publish = client.publishAsync(deviceTopic(device.sn, 'data'), payload, { qos: 1 }).then(() => {
        acked = true;
      });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(acked).toBe(false);

      // 4. Crash: no graceful close, nothing committed.
      child.kill('SIGKILL');
      await exited;
      expect(acked).toBe(false);

      // 5. Restart on the same data directory and broker port: the device redelivers.
      server = { ...(await startTestServer(env)), dataDir };
      cleanups.push(() => server.close());
      await publish;
      expect(await storedCount(server, device.id)).toBe(2);
      // A further duplicate changes nothing.
      await client.publishAsync(deviceTopic(device.sn, 'data'), payload, { qos: 1 });
      expect(await storedCount(server, device.id)).toBe(2);
      const rows = await storedValues(server, device.id);
      expect(rows.map((r) => [r.ts, r.num])).toEqual(
        [team.tags.speed, team.tags.temp]
          .sort((a, b) => a - b)
          .map((id) => [ts, id === team.tags.speed ? 123 : 4.5]),
      );
    },
  );
});
