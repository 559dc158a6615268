import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStamp, sourceHash, STAMP_FILE } from './build-stamp.ts';

/*
 * `npm start` and `npm run demo`: builds the web app only when its sources changed since the
 * last build (build-stamp.ts), else says so and returns at once. `npm run build` always builds.
 * A fresh clone has no apps/web/dist: it builds.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = join(root, 'apps/web/dist');

const hash = sourceHash(root);
if (readStamp(dist) === hash) {
  console.log('web app up to date (apps/web/dist was built from these sources): not rebuilt');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // The hash of the sources the build started from: a change during the build rebuilds next time.
  writeFileSync(join(dist, STAMP_FILE), `${hash}\n`);
}
