/**
 * Fixtures of the live data benchmarks: a console on a temporary SQLite file (embedded broker
 * on a free port), a team with a signed-in main account, templates and bound devices written
 * straight into the database (no mail round trips), the devices' MQTT clients and their
 * once-a-second values, Debian's Chromium signed in as the main account, and the machine
 * description.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { connect, type MqttClient } from 'mqtt';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { deviceTopic } from '@hmi/domain';
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

/** The 1, 5 and 15 minute load averages (a shared machine's figures are read against them). */
export const loadAverage = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

/** The built console the bench server serves: WEB_DIST, else apps/web/dist; exits when not built. */
export function webDist(): string {
  const dist = process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`${join(dist, 'index.html')} is missing: run \`npm run build -w apps/web\` first`);
    process.exit(1);
  }
  return dist;
}

/** POST /v1{path} as `token`; the reply's data, or throws unless its code is 0. */
export async function postJson<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/v1${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; data: T };
  if (reply.code !== 0) throw new Error(`${path}: ${JSON.stringify(reply).slice(0, 500)}`);
  return reply.data;
}

/** Each device connected to the embedded broker as itself (MQTT.js, no reconnecting). */
export function connectDevices(
  mqttUrl: string,
  devices: readonly { sn: string; secret: string }[],
): Promise<MqttClient[]> {
  return Promise.all(
    devices.map(
      (d) =>
        new Promise<MqttClient>((resolve, reject) => {
          const c = connect(mqttUrl, {
            clientId: d.sn,
            username: d.sn,
            password: d.secret,
            reconnectPeriod: 0,
          });
          c.once('connect', () => resolve(c));
          c.once('error', reject);
        }),
    ),
  );
}

/**
 * The devices' data: while `sending`, every `periodMs` each device publishes one QoS 1 `data`
 * message of the values `valuesOf(deviceIndex, ts)` gives (tag id -> value). `values` counts the
 * values sent. `close` stops the timer and disconnects the clients.
 */
export function deviceTicker(
  clients: readonly MqttClient[],
  devices: readonly { sn: string }[],
  valuesOf: (device: number, ts: number) => Record<number, number>,
  periodMs = 1000,
) {
  const state = {
    sending: false,
    values: 0,
    async close() {
      clearInterval(timer);
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    },
  };
  const timer = setInterval(() => {
    if (!state.sending) return;
    const ts = Date.now();
    devices.forEach((d, i) => {
      const v = valuesOf(i, ts);
      clients[i]!.publish(deviceTopic(d.sn, 'data'), JSON.stringify({ ts, v }), { qos: 1 });
      state.values += Object.keys(v).length;
    });
  }, periodMs);
  return state;
}

/**
 * Debian's Chromium (CHROMIUM_PATH to override), headless, software compositing, with a context
 * signed in as `token` in English (the token in localStorage as the console keeps it) and a page.
 */
export async function openSignedInPage(
  token: string,
  viewport = { width: 1920, height: 1080 },
): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport });
  await context.addInitScript({
    content: `localStorage.setItem('hmicloud_1.0.4_TOKEN', ${JSON.stringify(token)}); localStorage.setItem('hmicloud_1.0.4_LOCALE', 'en-us');`,
  });
  return { browser, context, page: await context.newPage() };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
