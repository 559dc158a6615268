/**
 * What a browser really transfers on a first visit without a token, for every way in: the running
 * console (built web app, embedded default) is opened in Debian's Chromium with an empty cache, and
 * the bytes of every response are read from the DevTools protocol (`Network.loadingFinished`
 * `encodedDataLength`: headers and body as they crossed the wire, compressed or not). Every way in
 * (`/`, `/#/`, `/#/login`, an unknown path, a deep link) is opened in both default languages
 * (the browser's language zh-CN and en-US) and waits until the login form shows; the scripts it
 * transferred are counted against the 300 KB budget, each printed as a ratio. The same login page
 * fetched without `Accept-Encoding` is printed beside it (what an uncompressed server would send).
 *
 *   npm run build -w apps/web && npx tsx bench/web-bundle.ts [--files]
 *
 * `--files` lists the scripts of the heaviest visit. Exit code 1 when any way in is over budget.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startBenchServer } from './helpers/live-data-fixtures.ts';

const BUDGET_BYTES = 300 * 1024;
/** What we aim at: headroom for the next public-page feature. */
const AIM_BYTES = 250 * 1024;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
if (!existsSync(`${dist}index.html`)) {
  console.error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}

/** Every way in without a token; each ends on the login form. */
const WAYS_IN = ['/', '/#/', '/#/login', '/#/no/such/page', '/#/device/devicelist'] as const;
/** The browser's language: the console's two default languages (zh-tw is chosen explicitly). */
const LANGUAGES = [
  { name: 'zh-cn', browser: 'zh-CN' },
  { name: 'en-us', browser: 'en-US' },
] as const;

interface Transfer {
  url: string;
  type: string;
  /** Headers and body as received. */
  bytes: number;
  /** Of which the response headers. */
  headerBytes: number;
  encoding: string;
}

interface Visit {
  transfers: Transfer[];
  /** Where the visit ended (the hash route). */
  landed: string;
}

/** Opens `path` in a fresh context and returns every response with its bytes on the wire. */
async function firstVisit(
  browser: Browser,
  url: string,
  path: string,
  locale: string,
  compressed: boolean,
): Promise<Visit> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (!compressed)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const responses = new Map<string, { url: string; type: string; encoding: string; headerBytes: number }>();
  const transfers: Transfer[] = [];
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
    if (r) transfers.push({ ...r, bytes: e.encodedDataLength });
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-submit').waitFor();
  // Anything the app fetches once the form shows (a lazy chunk started late) counts too.
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).hash || '(no hash)';
  await context.close();
  return { transfers, landed };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (list: Transfer[]) => list.reduce((a, t) => a + t.bytes, 0);
const scripts = (list: Transfer[]) => list.filter((t) => t.type === 'Script');
const ratio = (n: number) => (n / BUDGET_BYTES).toFixed(3);

const server = await startBenchServer({ WEB_DIST: dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  console.log(
    `First visit without a token, scripts on the wire (Chromium, empty cache), budget ${kb(BUDGET_BYTES)}, aim ${kb(AIM_BYTES)}:`,
  );
  console.log(
    `  ${'way in'.padEnd(22)} ${'language'.padEnd(8)} ${'scripts'.padStart(10)} ${'files'.padStart(5)} ${'headers'.padStart(9)} ${'ratio'.padStart(6)}  landed on`,
  );
  let worst: { path: string; language: string; visit: Visit; js: number } | undefined;
  let over = 0;
  for (const language of LANGUAGES) {
    for (const path of WAYS_IN) {
      const visit = await firstVisit(browser, server.url, path, language.browser, true);
      const list = scripts(visit.transfers);
      const js = sum(list);
      const headers = list.reduce((a, t) => a + t.headerBytes, 0);
      const verdict = js > BUDGET_BYTES ? 'OVER BUDGET' : js > AIM_BYTES ? 'over the aim' : '';
      if (js > BUDGET_BYTES) over++;
      console.log(
        `  ${path.padEnd(22)} ${language.name.padEnd(8)} ${kb(js).padStart(10)} ${String(list.length).padStart(5)} ${kb(headers).padStart(9)} ${ratio(js).padStart(6)}  ${visit.landed} ${verdict}`,
      );
      if (!worst || js > worst.js) worst = { path, language: language.name, visit, js };
    }
  }

  const compressed = await firstVisit(browser, server.url, '/#/login', 'en-US', true);
  const plain = await firstVisit(browser, server.url, '/#/login', 'en-US', false);
  const js = sum(scripts(compressed.transfers));
  const jsPlain = sum(scripts(plain.transfers));
  console.log(
    `/#/login (en-us) every response: ${kb(sum(compressed.transfers))} in ${compressed.transfers.length}; without Accept-Encoding: scripts ${kb(jsPlain)}, every response ${kb(sum(plain.transfers))}; compressed / uncompressed scripts: ratio ${(js / jsPlain).toFixed(3)}`,
  );
  if (worst && process.argv.includes('--files')) {
    console.log(`Scripts of the heaviest visit (${worst.path}, ${worst.language}):`);
    for (const t of scripts(worst.visit.transfers).sort((a, b) => b.bytes - a.bytes))
      console.log(`  ${new URL(t.url).pathname.padEnd(48)} ${kb(t.bytes).padStart(10)} ${t.encoding}`);
  }
  if (worst)
    console.log(
      `Heaviest way in: ${worst.path} (${worst.language}) ${kb(worst.js)}, ratio ${ratio(worst.js)} ${over ? `(${over} OVER BUDGET)` : '(every way in within budget)'}`,
    );
  process.exitCode = over ? 1 : 0;
} finally {
  await browser.close();
  await server.close();
}
