import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceTopic } from '@hmi/domain';
import { connect } from 'mqtt';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startMosquitto } from '../../../test/mosquitto.ts';
import { NO_BILLING, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildDevice } from '../device/device-test-factories.ts';
import { storedCount, teamWithTemplate } from './live-data-test-helpers.ts';

/*
 * On an external broker the server keeps a persistent session (MQTT_CLIENT_ID): while it is down
 * the broker acknowledges the devices' QoS 1 messages and parks them for it, and hands them over
 * the moment the server connects again. The server must not acknowledge one of them before the
 * pipeline that stores them runs: it used to connect its device link first (the device state
 * service handled and acknowledged each message) and attach ingest after, so everything parked
 * was acknowledged and never stored (issue 27: 1,447 of 4,202 lost on a 5 s restart). Here: a
 * Mosquitto of the test's own on a free port, a server that stops, the device's messages parked
 * meanwhile, the server again: every one stored, once.
 */

/** Polls an asynchronous condition until it holds, or fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** Mosquitto on a free port of this suite's own. */
async function mosquitto(): Promise<number> {
  const broker = await startMosquitto();
  cleanups.push(broker.stop);
  return broker.port;
}

describe('ingest on an external broker across a restart', () => {
  it(
    'stores every message the broker parked while the server was down, exactly once',
    { timeout: 90_000 },
    async () => {
      const brokerPort = await mosquitto();
      const dataDir = await mkdtemp(join(tmpdir(), 'hmi-restart-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
      if (schema)
        cleanups.push(async () => {
          const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
          await pool.query(`drop schema if exists "${schema}" cascade`);
          await pool.end();
        });
      const env = {
        DATA_DIR: dataDir,
        MQTT_URL: `mqtt://127.0.0.1:${brokerPort}`,
        MQTT_CLIENT_ID: `hmi-restart-${randomBytes(4).toString('hex')}`,
        INGEST_BATCH_MS: '20',
        ...NO_BILLING,
        ...(schema ? { DATABASE_SCHEMA: schema } : {}),
      };
      // 1. A team, a template, a bound device; the server's persistent session exists on the broker.
      const first: TestServer = { ...(await startTestServer(env)), dataDir };
      const team = await teamWithTemplate(first);
      const device = await buildDevice(first, team.token, { template_id: team.template.id });
      await first.close();

      // 2. The server is down: the device's QoS 1 messages are acknowledged by the broker and parked.
      const client = connect(`mqtt://127.0.0.1:${brokerPort}`, { clientId: device.sn, protocolVersion: 4 });
      cleanups.push(() => client.endAsync(true));
      await new Promise((r) => client.once('connect', r));
      const N = 40;
      const base = Date.now();
      for (let i = 0; i < N; i++) {
        const payload = JSON.stringify({ ts: base + i, v: { [team.tags.speed]: i } });
        await client.publishAsync(deviceTopic(device.sn, 'data'), payload, { qos: 1 });
      }

      // 3. The server again: the broker hands the parked messages over at once.
      const second: TestServer = { ...(await startTestServer(env)), dataDir };
      cleanups.push(() => second.close());
      await eventually(async () => (await storedCount(second, device.id)) >= N, 15_000, `${N} values stored`);
      // Nothing twice (a redelivery would be a second row of the same sample).
      await new Promise((r) => setTimeout(r, 500));
      expect(await storedCount(second, device.id)).toBe(N);
    },
  );
});
