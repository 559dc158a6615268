import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/*
 * Whether the built web app (apps/web/dist) was built from the sources as they are now: a SHA-256
 * of every input of the build, written into dist after a build (vite empties dist on each build,
 * so a stamp never outlives the build it describes). `npm start` and `npm run demo` build only
 * when it differs (build-if-changed.ts).
 */

/** Inputs of the web build, relative to the repository root: files, or directories walked whole. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  // Dependency versions (an upgrade changes the bundle).
  'package-lock.json',
] as const;

/** The stamp's file inside the build output. */
export const STAMP_FILE = '.build-stamp';

function filesOf(root: string, path: string, out: string[]): void {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    filesOf(root, join(path, entry.name), out);
  }
}

/** SHA-256 over the path and content of every input file, in a fixed order. */
export function sourceHash(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const files: string[] = [];
  for (const input of inputs) filesOf(root, input, files);
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(relative(root, join(root, file)).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the build in `dist`, or null (no build, or one made without a stamp). */
export function readStamp(dist: string): string | null {
  const index = join(dist, 'index.html');
  const stamp = join(dist, STAMP_FILE);
  if (!existsSync(index) || !existsSync(stamp)) return null;
  return readFileSync(stamp, 'utf8').trim() || null;
}
