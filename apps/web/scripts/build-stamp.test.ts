// @vitest-environment node
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStamp, sourceHash, STAMP_FILE } from './build-stamp.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-stamp-'));
  dirs.push(root);
  mkdirSync(join(root, 'apps/web/src/features'), { recursive: true });
  mkdirSync(join(root, 'packages/domain/src'), { recursive: true });
  writeFileSync(join(root, 'apps/web/src/main.tsx'), 'main');
  writeFileSync(join(root, 'apps/web/src/features/a.ts'), 'a');
  writeFileSync(join(root, 'apps/web/index.html'), '<html>');
  writeFileSync(join(root, 'packages/domain/src/index.ts'), 'domain');
  return root;
}

describe('web build stamp', () => {
  it('changes with the content, the name or the number of any input, not with a touch', () => {
    const root = tree();
    const first = sourceHash(root);
    expect(sourceHash(root)).toBe(first);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'apps/web/src/main.tsx'), later, later);
    expect(sourceHash(root)).toBe(first);

    writeFileSync(join(root, 'packages/domain/src/index.ts'), 'domain 2');
    const domain = sourceHash(root);
    expect(domain).not.toBe(first);
    writeFileSync(join(root, 'apps/web/src/features/b.ts'), '');
    const added = sourceHash(root);
    expect(added).not.toBe(domain);
    renameSync(join(root, 'apps/web/src/features/b.ts'), join(root, 'apps/web/src/features/c.ts'));
    expect(sourceHash(root)).not.toBe(added);
    writeFileSync(join(root, 'apps/web/vite.config.ts'), 'export default {}');
    expect(sourceHash(root)).not.toBe(added);
    // Not an input: a server file.
    const before = sourceHash(root);
    mkdirSync(join(root, 'apps/server/src'), { recursive: true });
    writeFileSync(join(root, 'apps/server/src/main.ts'), 'server');
    expect(sourceHash(root)).toBe(before);
  });

  it('reads a stamp only beside a built index.html', () => {
    const dist = join(tree(), 'apps/web/dist');
    expect(readStamp(dist)).toBeNull();
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, STAMP_FILE), 'abc\n');
    expect(readStamp(dist)).toBeNull();
    writeFileSync(join(dist, 'index.html'), '<html>');
    expect(readStamp(dist)).toBe('abc');
  });
});
