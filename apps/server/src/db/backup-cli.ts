import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, backupDatabase } from './backup.ts';

/**
 * `npm run backup -- <target directory>`: a consistent backup of the configured database (the
 * server's settings: DATA_DIR, DATABASE_URL, DATABASE_SCHEMA), safe while the server runs.
 */
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error('usage: npm run backup -- <target directory (new or empty)>');
  process.exit(2);
}
try {
  // npm runs scripts from the repository root: a relative target is the caller's.
  const target = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  await backupDatabase(loadConfig(), target, console.log);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
