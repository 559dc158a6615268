import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every language has every key of every namespace: the console downloads the chosen language
 * only, with no fallback (i18n.ts), so a key missing in one language would show as its name.
 * Plural forms differ by language (en `_one`/`_other`, zh `_other`): compared without them.
 */
// jsdom gives no file URL: the texts are found from the working directory (repo or app root).
const base = ['apps/web/src/i18n', 'src/i18n'].map((p) => join(process.cwd(), p)).find((p) => existsSync(p))!;
const locales = ['en-us', 'zh-cn', 'zh-tw'] as const;
const plural = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix.replace(plural, '')];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const namespaces = readdirSync(join(base, 'en-us')).filter((f) => f.endsWith('.json'));

describe('locale parity', () => {
  it('has the same namespaces in every language', () => {
    for (const locale of locales)
      expect(
        readdirSync(join(base, locale))
          .filter((f) => f.endsWith('.json'))
          .sort(),
      ).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s has the same keys in every language', (file) => {
    const sets = locales.map((l) =>
      [...new Set(keysOf(JSON.parse(readFileSync(join(base, l, file), 'utf8'))))].sort(),
    );
    expect(sets[1]).toEqual(sets[0]);
    expect(sets[2]).toEqual(sets[0]);
  });
});
