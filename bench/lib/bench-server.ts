/**
 * The real console for a benchmark, in this process: buildApp over a SQLite file in a temporary
 * DATA_DIR (or a fresh PostgreSQL schema of DATABASE_URL), HTTP on 127.0.0.1, the embedded MQTT
 * broker on a free port, logging off. Plus a signed-in main account.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, TokenPair } from '@hmi/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig, type Config } from '../../apps/server/src/config.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';

export interface BenchServer {
  app: FastifyInstance;
  config: Config;
  /** http://127.0.0.1:<port> */
  url: string;
  engine: string;
  dataDir: string;
  /** Calls /v1{path}; throws unless the reply is HTTP 200 with code 0. */
  call<T>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<T>;
  close(): Promise<void>;
}

export async function startBenchServer(
  options: {
    postgresUrl?: string | undefined;
    env?: Record<string, string>;
    /** Leave DATA_DIR (and the PostgreSQL schema) in place on close, to inspect the database. */
    keep?: boolean;
    /** Runs on the built app before it listens (e.g. to add measuring hooks). */
    setup?: (app: FastifyInstance) => void;
  } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hmi-bench-'));
  const schema = options.postgresUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web-build'),
    MQTT_PORT: '0',
    HOST_BIND: '127.0.0.1',
    ...(options.postgresUrl && schema ? { DATABASE_URL: options.postgresUrl, DATABASE_SCHEMA: schema } : {}),
    ...options.env,
  });
  const app = await buildApp(config, { logger: false });
  options.setup?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no listening address');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    app,
    config,
    url,
    engine: app.dbEngine,
    dataDir,
    async call<T>(method: string, path: string, o: { token?: string; body?: unknown } = {}) {
      const res = await fetch(`${url}/v1${path}`, {
        method,
        headers: {
          ...(o.token ? { authorization: o.token } : {}),
          ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      const body = JSON.parse(text) as Envelope<T>;
      if (res.status !== 200 || body.code !== 0)
        throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
      return body.data;
    },
    async close() {
      await app.close();
      if (options.keep) {
        console.log(`kept ${dataDir}${schema ? ` and schema ${schema}` : ''}`);
        return;
      }
      if (options.postgresUrl && schema) {
        const pool = new pg.Pool({ connectionString: options.postgresUrl, max: 1 });
        await pool.query(`drop schema if exists "${schema}" cascade`);
        await pool.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A team with an active main account (through the users repository, as registration does),
 * signed in through POST /global/login. Returns the access token and the team id.
 */
export async function createSignedInMain(
  server: BenchServer,
  account: { email: string; password: string; name: string },
): Promise<{ token: string; teamId: number }> {
  const now = Date.now();
  const passwordHash = await hashPassword(account.password);
  const user = await server.app.db.transaction().execute((trx) =>
    server.app.services.users.createTeamWithMain(
      { name: account.name, region: server.config.region },
      {
        email: account.email,
        phone: null,
        area_code: null,
        name: account.name,
        password_hash: passwordHash,
        status: 'active',
        data_center: server.config.region,
        lang: 'en-us',
        activated_at: now,
        closed_at: null,
      },
      now,
      trx,
    ),
  );
  const tokens = await server.call<TokenPair>('POST', '/global/login?type=1', {
    body: { user: account.email, passwd: account.password },
  });
  return { token: tokens.token, teamId: user.team_id };
}
