import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Config } from '../config.ts';
import { createDatabase, sqliteHandle, type Engine } from './create-database.ts';
import type { Database } from './database.ts';
import { migrationState, type MigrationState } from './migrator.ts';

/*
 * Backups of the console's database while it runs, and their restore into a fresh place
 * (docs/operations.md). A backup is a directory: the database (SQLite: a copy made with SQLite's
 * online backup API; PostgreSQL: pg_dump's custom format of the console's schema), the secrets
 * the server generated in DATA_DIR when JWT_SECRET / CARD_PEPPER are unset (card passwords are
 * checked with the pepper: without it no issued card could be activated after a restore), and
 * backup.json saying what it holds.
 */

const MANIFEST = 'backup.json';
const SQLITE_FILE = 'console.db';
const PG_FILE = 'console.pgdump';
/** Written by config.ts into DATA_DIR when JWT_SECRET / CARD_PEPPER are unset. */
const SECRET_FILES = ['jwt-secret', 'card-pepper'];
/** SQLite backup step: every page in one step, so writes between steps cannot restart it forever. */
const ALL_PAGES = 0x7fffffff;

export interface BackupManifest {
  format: 1;
  engine: Engine;
  /** PostgreSQL: the schema dumped (DATABASE_SCHEMA, else public). */
  schema?: string;
  /** The last migration the database had applied (null: none). */
  migration: string | null;
  createdAt: string;
  /** The secret files of DATA_DIR copied beside the database. */
  secrets: string[];
}

export type BackupSettings = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>;
type Log = (line: string) => void;

/** A refusal or failure to report as is (no stack): names what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const schemaOf = (config: BackupSettings) => config.databaseSchema ?? 'public';
const last = (state: MigrationState) => state.applied.at(-1) ?? null;

/**
 * Writes a backup of the configured database into `target` (created; it must be empty). Safe
 * while the server runs: SQLite's backup reads one snapshot (WAL: the server goes on writing),
 * pg_dump reads one transaction's snapshot.
 */
export async function backupDatabase(
  config: BackupSettings,
  target: string,
  log: Log = () => undefined,
): Promise<BackupManifest> {
  await emptyDirectory(target);
  let manifest: BackupManifest;
  if (config.databaseUrl) {
    const schema = schemaOf(config);
    const state = notEmpty(await stateOf(config), `schema "${schema}" of DATABASE_URL`);
    await run(
      'pg_dump',
      [
        '--format=custom',
        `--schema=${schema}`,
        `--file=${join(target, PG_FILE)}`,
        ...connection(config.databaseUrl).args,
      ],
      connection(config.databaseUrl).env,
    );
    manifest = manifestOf('postgres', state, schema);
  } else {
    const file = join(config.dataDir, SQLITE_FILE);
    if (!existsSync(file)) throw new BackupError(`no database at ${file} (DATA_DIR)`);
    const { db } = createDatabase(config);
    try {
      notEmpty(await migrationState(db), file);
      await sqliteHandle(db)!.backup(join(target, SQLITE_FILE), { progress: () => ALL_PAGES });
    } finally {
      await db.destroy();
    }
    // What the copy itself holds (it also shows the copy opens).
    manifest = manifestOf('sqlite', await sqliteState(join(target, SQLITE_FILE)));
  }
  for (const name of SECRET_FILES) {
    if (!existsSync(join(config.dataDir, name))) continue;
    await copyFile(join(config.dataDir, name), join(target, name));
    await chmod(join(target, name), 0o600);
    manifest.secrets.push(name);
  }
  await writeFile(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  log(
    `${manifest.engine} backup in ${target}: migration ${manifest.migration ?? '(none)'}` +
      (manifest.secrets.length ? `, with ${manifest.secrets.join(' and ')} of DATA_DIR` : ''),
  );
  return manifest;
}

/**
 * Restores a backup into the configured database, which must be fresh: no SQLite file in
 * DATA_DIR, or no table in the PostgreSQL schema (`force`: replace it; stop the servers first).
 * The backup's secret files go into DATA_DIR. The server's migrations then run on start as usual;
 * a backup at a migration this version does not know is refused.
 */
export async function restoreDatabase(
  config: BackupSettings,
  source: string,
  options: { force?: boolean } = {},
  log: Log = () => undefined,
): Promise<MigrationState> {
  const manifest = await readManifest(source);
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine)
    throw new BackupError(
      `${source} is a ${manifest.engine} backup, but the configuration is ${engine} ` +
        `(DATABASE_URL ${config.databaseUrl ? 'set' : 'unset'})`,
    );
  if (engine === 'sqlite') await restoreSqlite(config.dataDir, source, options.force ?? false);
  else await restorePostgres(config, source, manifest, options.force ?? false);
  await mkdir(config.dataDir, { recursive: true });
  for (const name of manifest.secrets) {
    await copyFile(join(source, name), join(config.dataDir, name));
    await chmod(join(config.dataDir, name), 0o600);
  }
  const state = await stateOf(config);
  if (state.unknown.length > 0)
    throw new BackupError(
      `the restored database has migrations this version does not know (${state.unknown.join(', ')}): ` +
        'start the version that made the backup, or a newer one',
    );
  log(
    `restored ${source}: migration ${last(state) ?? '(none)'}, ` +
      `${state.pending.length} pending (they run when the server starts)` +
      (manifest.secrets.length ? `; ${manifest.secrets.join(' and ')} written to ${config.dataDir}` : ''),
  );
  return state;
}

async function restoreSqlite(dataDir: string, source: string, force: boolean): Promise<void> {
  const dest = join(dataDir, SQLITE_FILE);
  const present = ['', '-wal', '-shm'].map((s) => dest + s).filter((f) => existsSync(f));
  if (present.length > 0 && !force)
    throw new BackupError(
      `${dest} exists: restore into a fresh DATA_DIR, or pass --force to replace it (stop the server first)`,
    );
  await mkdir(dataDir, { recursive: true });
  // Copied beside its place and checked there; the database is replaced only by a good copy.
  const staged = join(dataDir, `${SQLITE_FILE}.restoring`);
  await copyFile(join(source, SQLITE_FILE), staged);
  try {
    const file = new SQLite(staged);
    try {
      const check = file.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`${join(source, SQLITE_FILE)} is damaged: ${String(check)}`);
    } finally {
      file.close();
    }
    const state = notEmpty(await sqliteState(staged), join(source, SQLITE_FILE));
    if (state.unknown.length > 0)
      throw new BackupError(
        `the backup has migrations this version does not know: ${state.unknown.join(', ')}`,
      );
    for (const f of present) await rm(f, { force: true });
    await rename(staged, dest);
  } finally {
    await rm(staged, { force: true });
  }
}

async function restorePostgres(
  config: BackupSettings,
  source: string,
  manifest: BackupManifest,
  force: boolean,
): Promise<void> {
  const schema = schemaOf(config);
  if (manifest.migration === null)
    throw new BackupError(`${source} holds no console database (no migration)`);
  if (manifest.schema !== schema)
    throw new BackupError(
      `the backup holds schema "${manifest.schema}" and pg_restore restores into that schema: ` +
        (manifest.schema === 'public'
          ? 'unset DATABASE_SCHEMA '
          : `set DATABASE_SCHEMA=${manifest.schema} `) +
        '(to run it beside the original, restore into a fresh database: another DATABASE_URL)',
    );
  const { db } = createDatabase(config);
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${schema}`.execute(db);
    if (rows[0]!.n > 0) {
      if (!force)
        throw new BackupError(
          `schema "${schema}" is not empty: restore into a fresh schema or database, ` +
            'or pass --force to drop it first (stop the servers first)',
        );
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await sql`create schema ${sql.id(schema)}`.execute(db);
    }
  } finally {
    await db.destroy();
  }
  // The schema exists now (public always does): restore everything but its CREATE SCHEMA.
  const dump = join(source, PG_FILE);
  const toc = (await run('pg_restore', ['--list', dump])).split('\n');
  const work = await mkdtemp(join(tmpdir(), 'hmi-restore-'));
  try {
    const list = join(work, 'toc.list');
    await writeFile(
      list,
      toc.filter((l) => !/^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )/.test(l)).join('\n'),
    );
    const { args, env } = connection(config.databaseUrl!);
    // One transaction: a restore that fails leaves the schema empty.
    await run(
      'pg_restore',
      ['--single-transaction', '--no-owner', '--no-acl', `--use-list=${list}`, ...args, dump],
      env,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Creates `dir`, or accepts it empty; refuses one with files (a backup is never merged into another). */
async function emptyDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty: give a new directory`);
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(join(dir, MANIFEST), 'utf8').catch(() => {
    throw new BackupError(`${join(dir, MANIFEST)} not found: not a backup made by npm run backup`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1)
    throw new BackupError(`${join(dir, MANIFEST)}: unknown format ${manifest.format}`);
  return manifest;
}

/** Refuses a database without the console's tables: a wrong DATA_DIR or DATABASE_SCHEMA. */
function notEmpty(state: MigrationState, where: string): MigrationState {
  if (state.applied.length === 0)
    throw new BackupError(`${where} holds no console database (no migration applied): check the settings`);
  return state;
}

function manifestOf(engine: Engine, state: MigrationState, schema?: string): BackupManifest {
  return {
    format: 1,
    engine,
    ...(schema ? { schema } : {}),
    migration: last(state),
    createdAt: new Date().toISOString(),
    secrets: [],
  };
}

/** The migrations of the configured database. */
async function stateOf(config: BackupSettings): Promise<MigrationState> {
  const { db } = createDatabase(config);
  try {
    return await migrationState(db);
  } finally {
    await db.destroy();
  }
}

/** The migrations of a SQLite file (not the configured one). */
async function sqliteState(file: string): Promise<MigrationState> {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  try {
    return await migrationState(db);
  } finally {
    await db.destroy();
  }
}

/**
 * libpq arguments for DATABASE_URL: the URL without its password (command lines are visible to
 * every user of the machine), the password in PGPASSWORD.
 */
function connection(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { args: [`--dbname=${url.toString()}`], env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; resolves its standard output, rejects with its standard error. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new BackupError(
              `${command} not found: install the PostgreSQL client tools (the server's major version or newer)`,
            )
          : e,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(
          new BackupError(`${command} failed (exit ${code}): ${Buffer.concat(err).toString('utf8').trim()}`),
        );
    });
  });
}
