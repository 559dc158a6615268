/**
 * Fixtures of the live data benchmarks: a console on a temporary SQLite file (embedded broker
 * on a free port), a team with a signed-in main account, templates and bound devices written
 * straight into the database (no mail round trips), and the machine description.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

export interface BenchServer {
  app: FastifyInstance;
  url: string;
  mqttUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hmi-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web'),
    MQTT_PORT: '0',
    HOST_BIND: '127.0.0.1',
    // The pipeline at full rate: without billing, no free tier thins what is stored (issue 24).
    BILLING_ENABLED: 'false',
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    mqttUrl: app.deviceMqttUrl,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A team and its main account with a valid access token. */
export async function benchTeam(app: FastifyInstance) {
  const now = Date.now();
  const db = app.db;
  const team = await db
    .insertInto('teams')
    .values({ name: 'bench', region: 'eu', owner_id: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      team_id: team.id,
      is_main: 1,
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      phone: null,
      area_code: null,
      name: 'Bench',
      password_hash: 'x',
      status: 'active',
      data_center: 'eu',
      lang: 'en-us',
      role_id: null,
      created_at: now,
      updated_at: now,
      activated_at: now,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('teams').set({ owner_id: user.id }).where('id', '=', team.id).execute();
  const sessionId = randomBytes(12).toString('hex');
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: user.id,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
      ip: '',
      user_agent: 'bench',
    })
    .execute();
  const token = await app.services.tokens.sign({ userId: user.id, teamId: team.id, sessionId });
  return { teamId: team.id, userId: user.id, token };
}

/** A template of `count` tags, alternating REAL and UINT16; returns its id and tag ids. */
export async function benchTemplate(app: FastifyInstance, teamId: number, count: number) {
  const now = Date.now();
  const { id } = await app.db
    .insertInto('templates')
    .values({
      team_id: teamId,
      name: `t${count}-${randomBytes(3).toString('hex')}`,
      type: 'local',
      data_center: 'eu',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tags = await app.db
    .insertInto('template_tags')
    .values(
      Array.from({ length: count }, (_, i) => ({
        template_id: id,
        name: `tag${i}`,
        data_type: i % 2 === 0 ? 7 : 1,
        rw: 2,
        position: i,
      })),
    )
    .returning(['id', 'data_type'])
    .execute();
  return { templateId: id, tags: tags.map((t) => ({ id: t.id, type: t.data_type })) };
}

/** Registers and binds `n` devices with the template; online and synced. */
export async function benchDevices(app: FastifyInstance, teamId: number, templateId: number, n: number) {
  const out: { id: number; sn: string; secret: string }[] = [];
  for (let i = 0; i < n; i++) {
    const sn = `BENCH-${randomBytes(5).toString('hex').toUpperCase()}`;
    const secret = `pin-${randomBytes(4).toString('hex')}`;
    await app.services.deviceRegistry.add({ sn, secret });
    const now = Date.now();
    const { id } = await app.db
      .updateTable('devices')
      .set({
        team_id: teamId,
        template_id: templateId,
        name: sn.replace(/-/g, '_'),
        bound_at: 0,
        bind_type: 1,
        online: 1,
        sync_state: 1,
        updated_at: now,
      })
      .where('sn', '=', sn)
      .returning('id')
      .executeTakeFirstOrThrow();
    out.push({ id, sn, secret });
  }
  return out;
}

/** nproc, CPU model and Node version, for docs/benchmarks.md. */
export function machine(): string {
  const list = cpus();
  return `${list.length} cores (nproc), ${list[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}`;
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
