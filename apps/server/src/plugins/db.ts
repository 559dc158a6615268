import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { createDatabase, type Engine } from '../db/create-database.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbEngine: Engine;
  }
}

/** Opens the database (SQLite file or PostgreSQL), migrates it to the latest schema, closes it on shutdown. */
export const dbPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { db, engine } = createDatabase(config);
    try {
      const { results } = await migrateToLatest(db, config.databaseSchema);
      for (const r of results ?? [])
        app.log.info({ migration: r.migrationName, status: r.status }, 'migration');
    } catch (err) {
      await db.destroy();
      throw err;
    }
    app.decorate('db', db);
    app.decorate('dbEngine', engine);
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db' },
);
