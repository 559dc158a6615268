import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceTopic } from '@hmi/domain';
import { connect } from 'mqtt';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { createDatabase } from '../../db/create-database.ts';
import { freePort } from '../../../test/free-port.ts';
import { NO_BILLING, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildDevice } from '../device/device-test-factories.ts';
import { expectRollupsMatch } from '../history-store/history-test-helpers.ts';
import { storedCount, storedValues, teamWithTemplate } from './live-data-test-helpers.ts';

/*
 * A server killed (SIGKILL) between receiving a QoS 1 data message and committing it: the device
 * got no PUBACK, keeps the message, and redelivers it to the restarted server on the same data
 * directory (and database), which stores it exactly once. And one killed after committing frames
 * but before writing their rollups and last values (kept in memory): the restarted server folds
 * the frames after its watermark again, so the rollups are exact. Embedded broker only: with
 * MQTT_URL the external broker acknowledges the device itself.
 */
const external = Boolean(process.env.MQTT_URL);

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** A data directory (and PostgreSQL schema) with a team, a template and a bound device. */
async function prepare() {
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
    ...NO_BILLING,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  };
  // (the factories read the mail outbox of `dataDir`: the one of DATA_DIR here)
  const server: TestServer = { ...(await startTestServer(env)), dataDir };
  const team = await teamWithTemplate(server);
  const device = await buildDevice(server, team.token, { template_id: team.template.id });
  await server.close();
  return { dataDir, mqttPort, env, team, device };
}

/** The server as its own process on that data directory, with extra settings; resolves once it serves. */
async function spawnServer(env: Record<string, string>, extra: Record<string, string>) {
  const httpPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(httpPort),
      HOST_BIND: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(env.DATA_DIR!, 'no-web'),
      ...extra,
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
  return {
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The device as a plain MQTT client with a persistent session (it redelivers after reconnecting). */
async function deviceClient(mqttPort: number, device: { sn: string; secret: string }) {
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
  return client;
}

describe.skipIf(external)('ingest across a crash', () => {
  it(
    'stores a message redelivered after a crash before its commit exactly once',
    { timeout: 90_000 },
    async () => {
      // 1. A team, a template and a bound device, prepared on a first server.
      const { dataDir, mqttPort, env, team, device } = await prepare();

      // 2. The server as its own process, holding every batch for ten minutes.
      const child = await spawnServer(env, { INGEST_BATCH_MS: '600000', INGEST_BATCH_ROWS: '1000000' });

      // 3. The device publishes at QoS 1 and gets no PUBACK (the batch is held).
      const client = await deviceClient(mqttPort, device);
      const ts = Date.now() + 1_000;
      const payload = JSON.stringify({ ts, v: { [team.tags.speed]: 123, [team.tags.temp]: 4.5 } });
      let acked = false;
      const publish = client.publishAsync(deviceTopic(device.sn, 'data'), payload, { qos: 1 }).then(() => {
        acked = true;
      });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(acked).toBe(false);

      // 4. Crash: no graceful close, nothing committed.
      await child.kill();
      expect(acked).toBe(false);

      // 5. Restart on the same data directory and broker port: the device redelivers.
      const server: TestServer = { ...(await startTestServer(env)), dataDir };
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

  it(
    'rebuilds the rollups and last values of frames committed but not flushed before a crash',
    { timeout: 90_000 },
    async () => {
      const { dataDir, mqttPort, env, team, device } = await prepare();
      // Rollups and last values would be written from memory only after ten minutes.
      const child = await spawnServer(env, { INGEST_FLUSH_MS: '600000' });
      const client = await deviceClient(mqttPort, device);
      const { speed, temp, recipe, counter } = team.tags;
      const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
      // 30 messages over several minutes, every one acknowledged (so committed) before the crash.
      for (let i = 0; i < 30; i++) {
        const payload = {
          ts: t0 + i * 17_000,
          v: {
            [speed]: (i * 7919) % 1000,
            [temp]: i % 4 === 0 ? null : i / 8 - 1,
            [recipe]: `r${i}`,
            ...(i % 3 === 0 ? { [counter]: i === 27 ? '18446744073709551615' : i } : {}),
          },
          hist: i < 15,
        };
        await client.publishAsync(deviceTopic(device.sn, 'data'), JSON.stringify(payload), { qos: 1 });
      }
      await child.kill();
      const rollupRows = async (server: TestServer) =>
        server.app.db.selectFrom('history_1m').selectAll().where('device_id', '=', device.id).execute();
      // What the dead server left (read on a connection of its own): frames, no rollups.
      const left = await leftInDatabase(env, device.id);
      expect(left).toEqual({ frames: 30, rollups: 0, lastValues: 0 });
      // (SQLite: still staged in history_recent, moved once their rollups are stored.)

      // Restart: the writer folds its frames after the watermark before anything else.
      const server: TestServer = { ...(await startTestServer(env)), dataDir };
      cleanups.push(() => server.close());
      const values = await storedValues(server, device.id);
      expect(values.length).toBe(30 * 3 + 10);
      expect((await rollupRows(server)).length).toBeGreaterThan(0);
      await expectRollupsMatch(server, device.id, values);
      const last = await server.app.db
        .selectFrom('tag_last_values')
        .select(['tag_id', 'ts', 'num', 'txt'])
        .where('device_id', '=', device.id)
        .orderBy('tag_id')
        .execute();
      const newest = new Map<number, (typeof values)[number]>();
      for (const v of values) newest.set(v.tag_id, v); // in time order
      expect(
        last.map((r) => ({ ...r, ts: Number(r.ts), num: r.num === null ? null : Number(r.num) })),
      ).toEqual([...newest.values()].sort((a, b) => a.tag_id - b.tag_id));
      // A clean stop and start folds nothing twice.
      await server.close();
      const again: TestServer = { ...(await startTestServer(env)), dataDir };
      cleanups.push(() => again.close());
      await expectRollupsMatch(again, device.id, values);
    },
  );
});

/** Frames, rollups and last values of a device, read on a connection of its own. */
async function leftInDatabase(env: Record<string, string>, deviceId: number) {
  const { db } = createDatabase({
    dataDir: env.DATA_DIR!,
    databaseUrl: process.env.DATABASE_URL,
    databaseSchema: env.DATABASE_SCHEMA,
  });
  try {
    const count = async (table: 'history_frames' | 'history_recent' | 'history_1m' | 'tag_last_values') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('device_id', '=', deviceId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      frames: (await count('history_frames')) + (await count('history_recent')),
      rollups: await count('history_1m'),
      lastValues: await count('tag_last_values'),
    };
  } finally {
    await db.destroy();
  }
}
