import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';
import type { Database } from './database.ts';

export type Engine = 'sqlite' | 'postgres';

const INT8_OID = 20;

/** The better-sqlite3 handle under each SQLite Kysely instance (for hot paths with cached statements). */
const sqliteHandles = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * The better-sqlite3 handle of a Kysely instance made by `createDatabase` on SQLite (undefined
 * on PostgreSQL). Use it only while holding Kysely's connection (`db.connection().execute`), so
 * that nothing else runs on the single connection meanwhile (e.g. inside another transaction).
 */
export const sqliteHandle = (db: Kysely<Database>): SQLite.Database | undefined => sqliteHandles.get(db);

/** Kysely over PostgreSQL when DATABASE_URL is set, else over the SQLite file DATA_DIR/console.db. */
export function createDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): {
  db: Kysely<Database>;
  engine: Engine;
} {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
      // Timestamps and counts are bigint: read them as numbers (ms fit in 2^53).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return {
      db: new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) }),
      engine: 'postgres',
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(join(config.dataDir, 'console.db'));
  file.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is durable against a crash of the process (the WAL is written
  // before COMMIT returns; the OS keeps it), which is what acknowledging QoS 1 after the commit
  // needs. Against power loss or a kernel crash the last commits before it may be lost (the WAL
  // is synced at checkpoints); FULL would sync on every commit.
  file.pragma('synchronous = NORMAL');
  // Page cache of 64 MiB (default 2 MiB): ingest appends at the end of every (device, tag) range
  // of history and its rollups, thousands of distinct leaf pages for a fleet.
  file.pragma('cache_size = -65536');
  // Checkpoint every 20,000 pages (about 80 MiB of WAL) instead of 1000: a batch of a large
  // fleet dirties a page per (device, tag), so with the default nearly every commit checkpointed
  // (copy back and fsync on the committing connection). The WAL file is cut back to 128 MiB.
  file.pragma('wal_autocheckpoint = 20000');
  file.pragma('journal_size_limit = 134217728');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  sqliteHandles.set(db, file);
  return { db, engine: 'sqlite' };
}
