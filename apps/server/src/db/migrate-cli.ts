import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createDatabase } from './create-database.ts';
import { migrateToLatest } from './migrator.ts';

/** `npm run migrate -w apps/server`: applies pending migrations to the configured database. */
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const { db, engine } = createDatabase(config);
try {
  const { results } = await migrateToLatest(db, config.databaseSchema);
  for (const r of results ?? [])
    console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  console.log(`${engine}: schema is up to date`);
} catch (err) {
  console.error('migration failed:', err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
