/**
 * What a browser really transfers on a first visit to /#/login: the running console (built web
 * app, embedded default) is opened in Debian's Chromium with an empty cache, and the bytes of
 * every response are read from the DevTools protocol (`Network.loadingFinished`
 * `encodedDataLength`: headers and body as they crossed the wire, compressed or not). Scripts are
 * counted against the 300 KB budget; the same page fetched without `Accept-Encoding` is printed
 * beside it (what an uncompressed server would send), with both ratios.
 *
 *   npm run build -w apps/web && npx tsx bench/web-bundle.ts
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startBenchServer } from './helpers/live-data-fixtures.ts';

const BUDGET_BYTES = 300 * 1024;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
if (!existsSync(`${dist}index.html`)) {
  console.error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}

interface Transfer {
  url: string;
  type: string;
  /** Headers and body as received. */
  bytes: number;
  /** Of which the response headers. */
  headerBytes: number;
  encoding: string;
}

/** Opens /#/login in a fresh context and returns every response with its bytes on the wire. */
async function firstVisit(browser: Browser, url: string, compressed: boolean): Promise<Transfer[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (!compressed)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const responses = new Map<string, { url: string; type: string; encoding: string; headerBytes: number }>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    responses.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: String(headers['content-encoding'] ?? 'none'),
      headerBytes: e.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (r) done.push({ ...r, bytes: e.encodedDataLength });
  });
  await page.goto(`${url}/#/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();
  await context.close();
  return done;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (list: Transfer[]) => list.reduce((a, t) => a + t.bytes, 0);

const server = await startBenchServer({ WEB_DIST: dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const compressed = await firstVisit(browser, server.url, true);
  const plain = await firstVisit(browser, server.url, false);
  const scripts = (list: Transfer[]) => list.filter((t) => t.type === 'Script');
  console.log('First visit to /#/login, bytes on the wire (Chromium, empty cache):');
  for (const t of scripts(compressed).sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${new URL(t.url).pathname.padEnd(48)} ${kb(t.bytes).padStart(10)} ${t.encoding}`);
  const js = sum(scripts(compressed));
  const jsPlain = sum(scripts(plain));
  console.log(
    `  scripts: ${kb(js)} in ${scripts(compressed).length} files; every response: ${kb(sum(compressed))} in ${compressed.length}`,
  );
  console.log(
    `  of which response headers: ${kb(scripts(compressed).reduce((a, t) => a + t.headerBytes, 0))}`,
  );
  console.log(`  without Accept-Encoding: scripts ${kb(jsPlain)}, every response ${kb(sum(plain))}`);
  console.log(`  compressed / uncompressed scripts: ratio ${(js / jsPlain).toFixed(3)}`);
  console.log(
    `Budget ${kb(BUDGET_BYTES)} of script: ratio ${(js / BUDGET_BYTES).toFixed(3)} ${js <= BUDGET_BYTES ? '(within budget)' : '(OVER BUDGET)'}`,
  );
  process.exitCode = js <= BUDGET_BYTES ? 0 : 1;
} finally {
  await browser.close();
  await server.close();
}
