import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@hmi/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { loggerOptions } from '../src/lib/logging.ts';
import type { DestinationStream } from 'pino';

/**
 * Settings of a server without billing (BILLING_ENABLED=false): no TAG quota, every sample stored.
 * For suites about ingest and history rather than billing (the free tier stores one sample a minute).
 */
export const NO_BILLING: Record<string, string> = { BILLING_ENABLED: 'false' };

export interface CallOptions {
  body?: unknown;
  /** Sent as the Authorization header, raw. */
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  /** 'sqlite' or 'postgres' (when DATABASE_URL is set in the environment). */
  engine: string;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

/**
 * Starts a fresh console on a random port with a temporary DATA_DIR. The database is a SQLite
 * file there, or, when DATABASE_URL is set, a fresh PostgreSQL schema dropped on close.
 * `env` overrides settings (e.g. ACCESS_TOKEN_TTL) exactly as the environment would.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  /** `logStream`: the console's own log options (LOG_LEVEL, redaction), written there. */
  options: { logStream?: DestinationStream; port?: number } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hmi-server-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web-build'),
    // Any free port for the embedded MQTT broker: test servers run beside each other and a local broker.
    MQTT_PORT: '0',
    // Every suite signs up and asks for codes from 127.0.0.1: the production limits per client
    // address would stop them. The suites about those limits pass their own values in `env`.
    REGISTER_IP_LIMIT: '100000',
    CODE_IP_LIMIT: '100000',
    // Likewise invitations (every team's tests invite from 127.0.0.1): the invitation limits'
    // own suite passes its values. Mails per person and team stay as in production.
    INVITE_USER_LIMIT: '100000',
    INVITE_TEAM_LIMIT: '100000',
    INVITE_IP_LIMIT: '100000',
    INVITE_INVITEE_LIMIT: '100000',
    ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const app = await buildApp(config, {
    logger: options.logStream ? loggerOptions(config, options.logStream) : false,
  });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no listening address');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    app,
    config,
    url,
    dataDir,
    engine: app.dbEngine,
    async call<T>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.authorization = options.token;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}/v1${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        redirect: 'manual',
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? (JSON.parse(text) as Envelope<T>) : (null as never),
        headers: res.headers,
      };
    },
    async close() {
      await app.close();
      if (databaseUrl && schema) {
        const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
        await pool.query(`drop schema if exists "${schema}" cascade`);
        await pool.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
