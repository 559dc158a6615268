/**
 * The /scada runtime under live load (issue 26, "Speed"): a project of 20 devices and one screen
 * of 500 widgets (numeric displays, lamps, bars and a gauge per device), each bound to a distinct
 * (device, tag) of the devices' 25-tag template, every tag changing once a second (each device
 * publishes its 25 values in one MQTT message a second). The built console, served by the bench
 * server, runs `#/scada?project=&screen=` in Debian's Chromium at 1920 x 1080 (every widget on
 * screen). Prints, never asserts (docs/benchmarks.md records a run); each figure beside its target
 * as a ratio.
 *
 * (a) First paint after the socket opens: an init script wraps WebSocket and records
 * `performance.now()` when the device data socket opens and when a `data` frame arrives; a
 * MutationObserver watches the widgets' `data-quality` (features/scada/WidgetView.tsx: `good`
 * once a widget has a fresh value) and, when every one of the 500 reads `good`, a
 * requestAnimationFrame callback posts a message that runs after that frame's rendering: the
 * first paint with every value. Target: at most 1000 ms after the socket opens.
 *
 * (b) Per-update rendering work: the Long Animation Frames API reports only frames of 50 ms and
 * more, so the same monitor's `AnimationFrame` spans are read from a DevTools trace (CDP
 * Tracing, devtools.timeline) over SCADA_MEASURE_S seconds of steady updates. The init script
 * marks every `data` frame (performance.mark 'scada:data', in the socket's first message
 * listener); a frame holding a mark is an update, and its work is the main thread's task time
 * from the message task's start to the end of the rendering it caused (React's render and commit,
 * then style, layout, paint and the commit to the compositor; bench/helpers/chromium-trace.ts).
 * Printed at p50/p95/max, wall time and thread CPU time, against 8 ms (the target) and a 16.7 ms
 * frame. Then the trace's time by event and a sampling profile of SCADA_PROFILE_S seconds (not
 * inside the measured window: the profiler slows the page) say where the time goes.
 *
 * (c) The floor: the same number of values changing at once on a bare page of the same Chromium
 * (helpers/render-floor.ts: spans' text, and one canvas), traced the same way, and the runtime's
 * CPU per update as a ratio to each: what no console could go below on this machine.
 *
 *   npm run build -w apps/web && npm run bench:scada-runtime     (about two minutes)
 *
 * Environment: SCADA_MEASURE_S (30), SCADA_WARMUP_S (3), SCADA_PROFILE_S (5), SCADA_TRACE (a file
 * to keep the trace in, for DevTools), WEB_DIST (another build), CHROMIUM_PATH.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import type { ScreenDocumentInput } from '@hmi/domain';
import {
  animationFrames,
  busyBetween,
  frameSummary,
  pageMainThread,
  profileLines,
  selfTimeByEvent,
  topFunctions,
  traceWhile,
  type TraceEvent,
} from './helpers/chromium-trace.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  connectDevices,
  deviceTicker,
  loadAverage,
  machine,
  openSignedInPage,
  startBenchServer,
  webDist,
} from './helpers/live-data-fixtures.ts';
import { renderFloor } from './helpers/render-floor.ts';
import { gridScreen, gridValues, seedScadaProject } from './helpers/scada-screens.ts';
import type { Summary } from './lib/stats.ts';

const DEVICES = 20;
const TAGS = 25;
const WIDGETS = DEVICES * TAGS;
const MEASURE_S = Number(process.env.SCADA_MEASURE_S ?? 30);
const WARMUP_S = Number(process.env.SCADA_WARMUP_S ?? 3);
const PROFILE_S = Number(process.env.SCADA_PROFILE_S ?? 5);
const UNTRACED_S = Number(process.env.SCADA_UNTRACED_S ?? 10);
/** Functions whose inclusive time the profile prints (found in a build made with `--minify false`). */
const WATCHED = [
  'renderRootSync',
  'commitRoot',
  'WidgetSlot',
  'WidgetView',
  'useTranslation',
  'useCells',
  'cellsOf',
  'formatValue',
  'QualityBadge',
];
const FIRST_PAINT_TARGET_MS = 1000;
const UPDATE_TARGET_MS = 8;
const FRAME_MS = 1000 / 60;
const MARK = 'scada:data';

/** What the init script records (ms since navigation; null until it happens). */
interface Probe {
  open: number | null;
  firstData: number | null;
  stage: number | null;
  allGood: number | null;
  frame: number | null;
  painted: number | null;
  dataFrames: number;
}
type ProbeWindow = { __scadaProbe?: Probe };

/** The page's instruments (an init script: it runs before the console's own scripts). */
const probeScript = (expected: number) => String.raw`(() => {
  const probe = { open: null, firstData: null, stage: null, allGood: null, frame: null, painted: null, dataFrames: 0 };
  window.__scadaProbe = probe;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes('/ws/device')) return;
      this.addEventListener('open', () => { if (probe.open === null) probe.open = performance.now(); });
      // Registered before the console sets onmessage: runs first, at the start of the message's task.
      this.addEventListener('message', (ev) => {
        if (typeof ev.data !== 'string' || !ev.data.startsWith('{"type":"data"')) return;
        probe.dataFrames++;
        if (probe.firstData === null) probe.firstData = performance.now();
        performance.mark('${MARK}');
      });
    }
  };
  const observer = new MutationObserver(() => {
    if (probe.stage === null && document.querySelector('[data-testid="scada-stage"]')) probe.stage = performance.now();
    if (probe.allGood !== null || probe.open === null) return;
    const good = document.querySelectorAll('[data-testid^="scada-widget-"][data-quality="good"]').length;
    if (good < ${expected}) return;
    probe.allGood = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      probe.frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { probe.painted = performance.now(); };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-quality'] });
})();`;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const ratio = (x: number, target: number) => (x / target).toFixed(2);
const verdict = (x: number, target: number) => (x <= target ? 'met' : 'MISSED');
const triple = (s: Summary) => `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)} / ${s.max.toFixed(2)} ms`;

function widgetMix(doc: ScreenDocumentInput): string {
  const counts = new Map<string, number>();
  for (const w of doc.widgets ?? []) counts.set(w.type, (counts.get(w.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${n} ${type}`).join(', ');
}

function printFirstPaint(p: Probe) {
  const delay = p.painted! - p.open!;
  console.log(
    `  (a) first paint with every value after the socket opens: ${ms(delay)} against ${FIRST_PAINT_TARGET_MS} ms: ratio ${ratio(delay, FIRST_PAINT_TARGET_MS)} (${verdict(delay, FIRST_PAINT_TARGET_MS)})`,
  );
  console.log(
    `      since navigation: stage drawn ${ms(p.stage ?? NaN)}, socket open ${ms(p.open!)}, first data frame ${ms(p.firstData!)} (+${ms(p.firstData! - p.open!)}), every widget valued in the DOM ${ms(p.allGood!)} (+${ms(p.allGood! - p.firstData!)}), next frame ${ms(p.frame!)}, painted ${ms(p.painted!)}`,
  );
}

/** (b): the update frames of the trace, their work against the targets, and the trace's time by event. */
function printUpdates(
  events: TraceEvent[],
  window: { frames: number; items: number; values: number; untracedMs: number },
): ReturnType<typeof frameSummary> {
  const thread = pageMainThread(events, MARK);
  const all = animationFrames(events, thread, MARK);
  const updates = all.filter((f) => f.marks > 0);
  if (updates.length === 0) throw new Error('no update frame in the trace');
  const s = frameSummary(updates);
  console.log(
    `  (b) per-update work over ${MEASURE_S} s: ${updates.length} updates (${(window.frames / MEASURE_S).toFixed(2)} data frames/s, ${(window.items / Math.max(window.frames, 1)).toFixed(0)} values each; ${(window.values / MEASURE_S).toFixed(0)} values/s sent)`,
  );
  console.log(
    `      main-thread wall p50 / p95 / max: ${triple(s.busy)}; p95 against ${UPDATE_TARGET_MS} ms: ratio ${ratio(s.busy.p95, UPDATE_TARGET_MS)} (${verdict(s.busy.p95, UPDATE_TARGET_MS)}), against a ${FRAME_MS.toFixed(1)} ms frame: ${ratio(s.busy.p95, FRAME_MS)}`,
  );
  console.log(
    `      thread CPU p50 / p95 / max: ${triple(s.cpu)}; p95 against ${UPDATE_TARGET_MS} ms: ratio ${ratio(s.cpu.p95, UPDATE_TARGET_MS)} (${verdict(s.cpu.p95, UPDATE_TARGET_MS)}), against a frame: ${ratio(s.cpu.p95, FRAME_MS)}`,
  );
  console.log(
    `      of which (wall) the message task (socket message, React render and commit) ${triple(s.script)}; the frame's rendering ${triple(s.render)}: style, layout, pre-paint ${triple(s.styleLayout)}, paint, layerize, commit ${triple(s.paint)}; update to rendered (idle included) ${triple(s.span)}`,
  );
  const from = updates[0]!.start;
  const to = updates[updates.length - 1]!.end;
  const outside = busyBetween(events, thread, from, to) - updates.reduce((sum, f) => sum + f.busyMs, 0);
  console.log(
    `      main-thread work outside the update frames: ${ms((outside * 1e6) / (to - from))} a second (timers such as the 5 s staleness check, GC, pings); untraced (${UNTRACED_S} s before, CDP Performance.getMetrics): all main-thread task time per data frame ${ms(window.untracedMs)} (mean)`,
  );
  const others = all.filter((f) => f.marks === 0);
  if (others.length > 0)
    console.log(
      `      other frames in the window: ${others.length}, main-thread wall ${triple(frameSummary(others).busy)}`,
    );
  const phases = selfTimeByEvent(events, thread, from, to);
  console.log(
    `      main thread by trace event (self time, ms over the window): ${[...phases]
      .slice(0, 10)
      .map(([name, t]) => `${name} ${t.toFixed(0)}`)
      .join(', ')}`,
  );
  return s;
}

/**
 * (c) The floor: the same number of values changing at once on a bare page of this Chromium
 * (helpers/render-floor.ts), as spans' text and on one canvas, and the runtime's work as a ratio
 * to each (thread CPU, p50 and p95).
 */
async function printFloor(browser: Browser, runtime: ReturnType<typeof frameSummary>) {
  const seconds = Math.min(MEASURE_S, 15);
  console.log(`  (c) the floor: ${WIDGETS} values changing at once on a bare page, ${seconds} s each`);
  for (const variant of ['dom', 'canvas'] as const) {
    const floor = await renderFloor(browser, variant, WIDGETS, seconds);
    const what = variant === 'dom' ? "as spans' text (one text node each)" : 'drawn on one canvas';
    console.log(
      `      ${what}: wall ${triple(floor.busy)}, CPU ${triple(floor.cpu)}; the runtime's CPU p50 / p95 is ${ratio(runtime.cpu.p50, floor.cpu.p50)} / ${ratio(runtime.cpu.p95, floor.cpu.p95)} times it`,
    );
  }
}

async function main() {
  const dist = webDist();
  console.log(`scada-runtime: ${machine()}; load average at start ${loadAverage()}`);
  const server = await startBenchServer({ WEB_DIST: dist });
  try {
    const { teamId, token } = await benchTeam(server.app);
    const { templateId, tags } = await benchTemplate(server.app, teamId, TAGS);
    const devices = await benchDevices(server.app, teamId, templateId, DEVICES);
    const doc = gridScreen({ devices, tags, columns: TAGS, cell: { w: 76, h: 53 }, size: { w: 70, h: 46 } });
    const { projectId, screenId } = await seedScadaProject(
      server.url,
      token,
      devices.map((d) => d.id),
      doc,
    );
    const ticker = deviceTicker(await connectDevices(server.mqttUrl, devices), devices, gridValues(tags));
    ticker.sending = true;
    // Two rounds of values stored: the socket's first frame carries every tag's last value.
    await sleep(2500);
    const { browser, context, page } = await openSignedInPage(token);
    try {
      await context.addInitScript({ content: probeScript(WIDGETS) });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const socket = { frames: 0, items: 0 };
      cdp.on('Network.webSocketFrameReceived', (e) => {
        const text = e.response.payloadData;
        if (!text.startsWith('{"type":"data"')) return;
        socket.frames++;
        socket.items += (JSON.parse(text) as { items: unknown[] }).items.length;
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      console.log(`  ${WIDGETS} widgets (${widgetMix(doc)}) on ${DEVICES} devices x ${TAGS} tags at 1 Hz`);
      await page.goto(`${server.url}/#/scada?project=${projectId}&screen=${screenId}`);
      try {
        // A function, not a string: the console's CSP forbids eval.
        await page.waitForFunction(
          () => (globalThis as unknown as ProbeWindow).__scadaProbe?.painted != null,
          undefined,
          {
            timeout: 60_000,
          },
        );
      } catch (e) {
        const qualities =
          await page.evaluate(`[...document.querySelectorAll('[data-testid^="scada-widget-"]')]
          .reduce((m, el) => (m[el.dataset.quality] = (m[el.dataset.quality] || 0) + 1, m), {})`);
        console.error('not every widget showed a value:', JSON.stringify(qualities), errors.join('; '));
        throw e;
      }
      printFirstPaint((await page.evaluate('window.__scadaProbe')) as Probe);

      await sleep(WARMUP_S * 1000);
      // Untraced first (tracing costs the page a little): main-thread task time per update.
      await cdp.send('Performance.enable');
      const taskSeconds = async () =>
        (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
      const untraced = { tasks: await taskSeconds(), frames: socket.frames };
      await sleep(UNTRACED_S * 1000);
      const untracedMs =
        (((await taskSeconds()) - untraced.tasks) * 1000) / Math.max(1, socket.frames - untraced.frames);

      const before = { ...socket, values: ticker.values };
      const events = await traceWhile(browser, page, () => sleep(MEASURE_S * 1000), process.env.SCADA_TRACE);
      const runtime = printUpdates(events, {
        frames: socket.frames - before.frames,
        items: socket.items - before.items,
        values: ticker.values - before.values,
        untracedMs,
      });
      const profile = await topFunctions(cdp, () => sleep(PROFILE_S * 1000), { watch: WATCHED });
      console.log(
        `      sampling profile over ${PROFILE_S} s (${profile.busyMs.toFixed(0)} ms not idle), self time:`,
      );
      for (const line of profileLines(profile)) console.log(`        ${line}`);
      await printFloor(browser, runtime);
      console.log(`  load average at end ${loadAverage()}`);
    } finally {
      await browser.close();
      await ticker.close();
    }
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
