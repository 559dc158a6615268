/**
 * The data board under live load: a board of 12 indicator cards on 12 devices, each device
 * sending its values once a second, open in Debian's Chromium (1920 x 1080: every card on
 * screen). Prints the browser's main-thread CPU (CDP Performance.getMetrics TaskDuration, the
 * seconds of tasks per second of wall time) and the bytes per second the device data socket
 * carries (CDP Network.webSocketFrameReceived), over 60 s; beside it the same board with the
 * devices silent for 20 s (the baseline: timers, pings, the minute's history reads). Prints,
 * never asserts (docs/benchmarks.md records a run).
 *
 *   npm run build -w apps/web && npx tsx bench/board-live.ts
 */
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  connectDevices,
  deviceTicker,
  machine,
  openSignedInPage,
  postJson,
  startBenchServer,
  webDist,
} from './helpers/live-data-fixtures.ts';

const CARDS = 12;
const MEASURE_S = Number(process.env.BOARD_MEASURE_S ?? 60);
const BASELINE_S = Number(process.env.BOARD_BASELINE_S ?? 20);
const dist = webDist();

const server = await startBenchServer({ WEB_DIST: dist });
const { teamId, token } = await benchTeam(server.app);
const { templateId, tags } = await benchTemplate(server.app, teamId, 2);
const devices = await benchDevices(server.app, teamId, templateId, CARDS);
const tag = tags[0]!;

await postJson(server.url, token, '/board/save', {
  cards: devices.map((d, i) => ({ id: `c${i + 1}`, kind: 'indicator', device_id: d.id, tag_id: tag.id })),
  layouts: {},
});

const clients = await connectDevices(server.mqttUrl, devices);
const ticker = deviceTicker(clients, devices, (i, ts) => ({
  [tag.id]: Math.round((50 + 10 * Math.sin(ts / 5000 + i)) * 100) / 100,
}));

const { browser, context, page } = await openSignedInPage(token);
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Performance.enable');
let socketBytes = 0;
let socketFrames = 0;
cdp.on('Network.webSocketFrameReceived', (e) => {
  socketBytes += Buffer.byteLength(e.response.payloadData);
  socketFrames++;
});

await page.goto(`${server.url}/#/operations/dashboard`);
await page
  .getByTestId('board-card-indicator')
  .nth(CARDS - 1)
  .waitFor({ timeout: 60_000 });

async function measure(seconds: number) {
  const metrics = async () => {
    const { metrics: m } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(m.map((x) => [x.name, x.value]));
  };
  const before = await metrics();
  const bytes0 = socketBytes;
  const frames0 = socketFrames;
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = await metrics();
  const wall = (Date.now() - t0) / 1000;
  return {
    cpu: ((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) / wall,
    script: ((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)) / wall,
    layout: ((after.LayoutDuration ?? 0) - (before.LayoutDuration ?? 0)) / wall,
    bytesPerS: (socketBytes - bytes0) / wall,
    framesPerS: (socketFrames - frames0) / wall,
    heapMb: (after.JSHeapUsedSize ?? 0) / 1048576,
  };
}

const idle = await measure(BASELINE_S);
ticker.sending = true;
// Values on screen before the measured window starts.
await page.waitForFunction(
  (n) => {
    type Doc = { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
    const doc = (globalThis as unknown as { document: Doc }).document;
    const values = Array.from(doc.querySelectorAll('[data-testid="board-indicator-value"]'));
    return values.filter((e) => e.textContent !== '—').length >= n;
  },
  CARDS,
  { timeout: 30_000 },
);
const sentBefore = ticker.values;
const live = await measure(MEASURE_S);
const valuesPerS = (ticker.values - sentBefore) / MEASURE_S;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `board-live: ${CARDS} indicator cards on ${CARDS} devices at 1 Hz, Chromium 1920x1080, ${machine()}`,
);
console.log(
  `  devices silent (${BASELINE_S} s): main-thread tasks ${pct(idle.cpu)} of one core (script ${pct(idle.script)}), socket ${idle.bytesPerS.toFixed(0)} B/s (${idle.framesPerS.toFixed(2)} frames/s)`,
);
console.log(
  `  devices at 1 Hz (${MEASURE_S} s): main-thread tasks ${pct(live.cpu)} of one core (script ${pct(live.script)}, layout ${pct(live.layout)}), socket ${live.bytesPerS.toFixed(0)} B/s (${live.framesPerS.toFixed(2)} frames/s, ${valuesPerS.toFixed(1)} values/s sent), JS heap ${live.heapMb.toFixed(1)} MB`,
);
console.log(
  `  socket bytes per value: ${(live.bytesPerS / Math.max(valuesPerS, 1)).toFixed(1)} B; CPU live / silent: ${(live.cpu / Math.max(idle.cpu, 1e-6)).toFixed(2)}x`,
);

await browser.close();
await ticker.close();
await server.close();
process.exit(0);
