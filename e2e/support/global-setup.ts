import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startServer } from './server.ts';

/** Access tokens of the short-lived server expire after this many seconds. */
export const SHORT_ACCESS_TTL_SECONDS = 3;

/**
 * Starts two real servers on fresh databases: the main one, and one whose access tokens live
 * only a few seconds for the refresh tests. Tests read their addresses from the environment.
 */
export default async function globalSetup() {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` (npm run test:e2e does)');
  }
  const [main, short] = await Promise.all([
    startServer(),
    startServer({ ACCESS_TOKEN_TTL: String(SHORT_ACCESS_TTL_SECONDS) }),
  ]);
  process.env.E2E_URL = main.url;
  process.env.E2E_DATA_DIR = main.dataDir;
  process.env.E2E_SHORT_URL = short.url;
  process.env.E2E_SHORT_DATA_DIR = short.dataDir;
  return async () => {
    await Promise.all([main.stop(), short.stop()]);
  };
}
