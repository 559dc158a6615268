import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, restoreDatabase } from './backup.ts';

/**
 * `npm run restore -- <backup directory> [--force]`: restores a backup made by `npm run backup`
 * into the configured database, which must be fresh (`--force` replaces it: stop the servers
 * first). The server's migrations run on its next start as usual.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const paths = args.filter((a) => a !== '--force');
if (paths.length !== 1 || paths[0]!.startsWith('-')) {
  console.error('usage: npm run restore -- <backup directory> [--force]');
  process.exit(2);
}
try {
  // npm runs scripts from the repository root: a relative path is the caller's.
  const source = resolve(process.env.INIT_CWD ?? process.cwd(), paths[0]!);
  await restoreDatabase(loadConfig(), source, { force }, console.log);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
