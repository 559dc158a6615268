import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001-accounts.ts';
import * as m0002 from './migrations/0002-devices.ts';
import * as m0003 from './migrations/0003-history.ts';
import * as m0004 from './migrations/0004-monitor-points.ts';
import * as m0005 from './migrations/0005-device-list-indexes.ts';
import * as m0006 from './migrations/0006-alarms.ts';
import * as m0007 from './migrations/0007-history-frames.ts';
import * as m0008 from './migrations/0008-device-connection-events.ts';
import * as m0009 from './migrations/0009-alarm-ack-comment.ts';
import * as m0010 from './migrations/0010-team-admin.ts';
import * as m0011 from './migrations/0011-billing.ts';
import * as m0012 from './migrations/0012-billing-traffic.ts';
import * as m0013 from './migrations/0013-billing-locks.ts';
import * as m0014 from './migrations/0014-boards.ts';
import * as m0015 from './migrations/0015-control-panel-indexes.ts';
import * as m0016 from './migrations/0016-remote-sessions.ts';
import * as m0017 from './migrations/0017-projects.ts';
import * as m0018 from './migrations/0018-recipes.ts';
import * as m0019 from './migrations/0019-project-assets-shares.ts';
import * as m0020 from './migrations/0020-cluster.ts';
import * as m0021 from './migrations/0021-mail-outbox.ts';
import * as m0022 from './migrations/0022-history-frames-bytes.ts';
import * as m0023 from './migrations/0023-cluster-secrets.ts';
import * as m0024 from './migrations/0024-directory.ts';
import * as m0025 from './migrations/0025-webhooks.ts';
import * as m0026 from './migrations/0026-api-keys.ts';
import * as m0027 from './migrations/0027-sparkplug.ts';

/** Every migration, imported explicitly (no file-system scanning), in order. */
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-devices': m0002,
  '0003-history': m0003,
  '0004-monitor-points': m0004,
  '0005-device-list-indexes': m0005,
  '0006-alarms': m0006,
  '0007-history-frames': m0007,
  '0008-device-connection-events': m0008,
  '0009-alarm-ack-comment': m0009,
  '0010-team-admin': m0010,
  '0011-billing': m0011,
  '0012-billing-traffic': m0012,
  '0013-billing-locks': m0013,
  '0014-boards': m0014,
  '0015-control-panel-indexes': m0015,
  '0016-remote-sessions': m0016,
  '0017-projects': m0017,
  '0018-recipes': m0018,
  '0019-project-assets-shares': m0019,
  '0020-cluster': m0020,
  '0021-mail-outbox': m0021,
  '0022-history-frames-bytes': m0022,
  '0023-cluster-secrets': m0023,
  '0024-directory': m0024,
  '0025-webhooks': m0025,
  '0026-api-keys': m0026,
  '0027-sparkplug': m0027,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export function migrateToLatest(database: Kysely<Database>, schema?: string): Promise<MigrationResultSet> {
  return migrate(database, schema, (m) => m.migrateToLatest());
}

/** Brings the schema up or down to the named migration (tests of a migration). */
export function migrateTo(
  database: Kysely<Database>,
  name: string,
  schema?: string,
): Promise<MigrationResultSet> {
  return migrate(database, schema, (m) => m.migrateTo(name));
}

/** The migrations this version knows, in the order they run. */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

/** Where a database stands against this version's migrations. */
export interface MigrationState {
  /** Applied migrations, in name order. */
  applied: string[];
  /** Known migrations not applied yet: they run when the server starts. */
  pending: string[];
  /** Applied migrations this version does not know: a newer version wrote the database. */
  unknown: string[];
}

/**
 * Reads which migrations a database has applied (none when it has no migration table). On
 * PostgreSQL it reads the connection's schema (DATABASE_SCHEMA is the pool's search_path).
 */
export async function migrationState(database: Kysely<Database>): Promise<MigrationState> {
  const db = database as unknown as Kysely<Record<string, { name: string }>>;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE)
    ? (await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').orderBy('name').execute()).map(
        (r) => r.name,
      )
    : [];
  return {
    applied,
    pending: migrationNames.filter((n) => !applied.includes(n)),
    unknown: applied.filter((n) => !migrationNames.includes(n)),
  };
}

async function migrate(
  database: Kysely<Database>,
  schema: string | undefined,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  // Migrations see the schema as it was when they were written, not today's Database type.
  const db = database as unknown as Kysely<unknown>;
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const result = await run(migrator);
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
