import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceTopic } from '@hmi/domain';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../../src/config.ts';
import { restoreDatabase } from '../../src/db/backup.ts';
import { connectDevice, readAll, teamWithTemplate } from '../../src/modules/ingest/live-data-test-helpers.ts';
import { NO_BILLING, startTestServer } from '../test-server.ts';

/*
 * docs/operations.md, sections 2 and 3: `npm run backup` taken while a device goes on publishing
 * at QoS 1, restored (restoreDatabase, what restore-cli.ts runs) into a fresh data directory
 * (SQLite) or a fresh database (PostgreSQL, CI's second pass), holds every sample the console
 * acknowledged before the backup started. The console's promise is that a PUBACK comes after the
 * commit (docs/protocol.md, section 4), so an acknowledged sample must be in any backup begun
 * after it. Embedded broker in both passes: with MQTT_URL the external broker acknowledges the
 * device itself. The backup runs as a process of its own, as an operator runs it beside the
 * server.
 */
const databaseUrl = process.env.DATABASE_URL;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** Runs a CLI of apps/server/src/db with these settings; resolves its output, rejects on failure. */
function cli(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/db/${script}`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited ${code}: ${output}`)),
    );
  });
}

/** A fresh PostgreSQL database beside the test one (dropped after the suite); its URL. */
async function freshDatabase(): Promise<string> {
  const name = `restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await admin.query(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('backup and restore while devices publish', () => {
  it(
    'restores every sample acknowledged before the backup started, with the server running',
    { timeout: 60_000 },
    async () => {
      // 1. A console on its own data directory (and schema), a bound device sending at QoS 1.
      const embedded = { ...NO_BILLING, MQTT_URL: '', MQTT_PORT: '0' };
      const server = await startTestServer(embedded);
      cleanups.push(() => server.close());
      const team = await teamWithTemplate(server);
      const device = await connectDevice(server, team.token, team.template.id);
      cleanups.push(() => device.client.endAsync(true));
      const topic = deviceTopic(device.sn, 'data');
      // Sample i has ts base + i and speed i; `acked` holds each i once its PUBACK came back.
      const base = Date.now() - 3_600_000;
      const acked = new Set<number>();
      let next = 0;
      let sending = true;
      const lane = async () => {
        while (sending && next < 50_000) {
          const i = next++;
          await device.client.publishAsync(
            topic,
            JSON.stringify({ ts: base + i, v: { [team.tags.speed]: i % 60_000, [team.tags.temp]: i / 4 } }),
            { qos: 1 },
          );
          acked.add(i);
          // About 1,500 messages a second in all: ingest goes on, without taking a core of CI.
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      // Eight messages in flight, as a device with a send window would have.
      const lanes = Array.from({ length: 8 }, lane);
      while (acked.size < 300) await new Promise((r) => setTimeout(r, 10));

      // 2. The backup point: what was acknowledged before the backup command starts.
      const before = [...acked];
      const target = await mkdtemp(join(tmpdir(), 'hmi-backup-'));
      cleanups.push(() => rm(target, { recursive: true, force: true }));
      const dbEnv: Record<string, string> = server.config.databaseUrl
        ? { DATABASE_URL: server.config.databaseUrl, DATABASE_SCHEMA: server.config.databaseSchema! }
        : {};
      const started = Date.now();
      await cli('backup-cli.ts', [join(target, 'backup')], { DATA_DIR: server.dataDir, ...dbEnv });
      const backupMs = Date.now() - started;
      const atEnd = acked.size;
      // Samples acknowledged once the backup had ended: in no backup of that moment.
      await new Promise((r) => setTimeout(r, 200));
      sending = false;
      await Promise.all(lanes);
      const beforeSet = new Set(before);
      const after = [...acked].filter((i) => !beforeSet.has(i));
      const afterEnd = [...acked].slice(atEnd);
      // Ingest went on during the backup (the server was not paused for it).
      expect(atEnd - before.length, 'samples acknowledged while the backup ran').toBeGreaterThan(0);

      // 3. Restore into a fresh data directory (PostgreSQL: a fresh database, the same schema).
      const restoreDir = await mkdtemp(join(tmpdir(), 'hmi-restored-'));
      cleanups.push(() => rm(restoreDir, { recursive: true, force: true }));
      const restoreDb: Record<string, string> = server.config.databaseUrl
        ? { DATABASE_URL: await freshDatabase(), DATABASE_SCHEMA: server.config.databaseSchema! }
        : {};
      // In this process (what restore-cli.ts runs): nothing runs beside it, and a process less
      // is a second less of CI. loadConfig as the CLI's, from these settings only.
      const lines: string[] = [];
      const restoreConfig = loadConfig({ DATA_DIR: restoreDir, ...restoreDb });
      await restoreDatabase(restoreConfig, join(target, 'backup'), {}, (l) => lines.push(l));
      expect(lines.join('\n')).toMatch(/restored .*: migration \d{4}-/);

      // 4. A console on the restored copy (its migrations run on start); the team's token of
      //    before still works (its session and the JWT secret came back too).
      const restored = await startTestServer({ ...embedded, DATA_DIR: restoreDir, ...restoreDb });
      cleanups.push(() => restored.close());
      const rows = await readAll(restored, team.token, device.id, [team.tags.speed], base, base + next);
      const stored = new Map(rows.map((r) => [r.ts - base, r.value]));
      const missing = before.filter((i) => !stored.has(i));
      expect(
        missing,
        `acknowledged before the backup, missing from the restore (of ${before.length})`,
      ).toEqual([]);
      for (const [i, value] of stored) expect(value).toBe(i % 60_000);
      // And the copy is the backup's, not the live database: nothing acknowledged after it ended.
      expect(afterEnd.filter((i) => stored.has(i))).toEqual([]);
      console.log(
        `${server.engine}: ${before.length} acknowledged before the backup (${backupMs} ms), ` +
          `${after.length} after it began, ${afterEnd.length} after it ended; ${stored.size} restored`,
      );
    },
  );
});
