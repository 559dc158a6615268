import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
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
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(join(config.dataDir, 'console.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  sqliteHandles.set(db, file);
  return { db, engine: 'sqlite' };
}
