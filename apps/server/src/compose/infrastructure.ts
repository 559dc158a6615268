import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Engine } from '../db/create-database.ts';
import type { Database } from '../db/database.ts';
import type { Bus } from '../plugins/bus.ts';
import type { Mailer } from '../plugins/mail.ts';

/** What the infrastructure plugins opened before the app is composed (every group's first input). */
export interface Infrastructure {
  db: Kysely<Database>;
  /** The database engine (SQL that differs by engine: history, traffic). */
  dbEngine: Engine;
  config: Config;
  mailer: Mailer;
  bus: Bus;
  log: FastifyBaseLogger;
  /** The app's Prometheus registry (plugins/metrics.ts): the groups register their metrics on it. */
  metrics: Registry;
  /**
   * Where the HTTP server listens, once it does (null before): the default base URL devices dial
   * for tunnels. Read when a tunnel opens, never while composing.
   */
  listenAddress: () => AddressInfo | string | null;
}
