/**
 * First-visit JavaScript of the console: after `npm run build -w apps/web`, the gzipped size
 * of the scripts a first visit to /#/login downloads — the entry module and every
 * modulepreload of dist/index.html (the statically imported graph). Lazy chunks (signed-in
 * areas, other public pages, per-language texts) are listed separately and not counted.
 * Prints the figure against the 300 KB budget as a ratio.
 *
 *   npx tsx bench/web-bundle.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 300 * 1024;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const indexHtml = join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}

const html = readFileSync(indexHtml, 'utf8');
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const entry = [...html.matchAll(/<script\b[^>]*>/g)]
  .map((m) => m[0])
  .filter((tag) => /type="module"/.test(tag))
  .map((tag) => attr(tag, 'src'));
const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => attr(m[0], 'href'));
const classic = [...html.matchAll(/<script\b[^>]*>/g)]
  .map((m) => m[0])
  .filter((tag) => !/type="module"/.test(tag))
  .map((tag) => attr(tag, 'src'));

const firstVisit = [...new Set([...entry, ...preloads, ...classic].filter((s): s is string => !!s))];
const sizeOf = (src: string) => {
  const bytes = readFileSync(join(dist, src.replace(/^\//, '')));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

const rows = firstVisit.map((src) => ({ src, ...sizeOf(src) }));
const total = rows.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });
const counted = new Set(firstVisit.map((s) => s.replace(/^\//, '')));
const lazy = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !counted.has(`assets/${f}`))
  .map((f) => sizeOf(`assets/${f}`));
const lazyGzip = lazy.reduce((a, r) => a + r.gzip, 0);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('First visit to /#/login (entry + modulepreload + head scripts):');
for (const r of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${r.src.padEnd(44)} ${kb(r.gzip).padStart(10)} gzip`);
console.log(`  total: ${kb(total.gzip)} gzip (${kb(total.raw)} raw) in ${rows.length} files`);
console.log(`Lazy chunks not counted: ${lazy.length} files, ${kb(lazyGzip)} gzip`);
console.log(
  `Budget ${kb(BUDGET_BYTES)}: ratio ${(total.gzip / BUDGET_BYTES).toFixed(3)} ${total.gzip <= BUDGET_BYTES ? '(within budget)' : '(OVER BUDGET)'}`,
);
process.exitCode = total.gzip <= BUDGET_BYTES ? 0 : 1;
